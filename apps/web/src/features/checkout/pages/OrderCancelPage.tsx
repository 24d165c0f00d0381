import { Link } from 'react-router';
import { FaCircleXmark } from 'react-icons/fa6';

/** 'Failed !!' with 'Go To Home' (spec §2). */
export function OrderCancelPage() {
  return (
    <section className="mx-auto my-10 flex max-w-md flex-col items-center gap-4 rounded-lg bg-red-50 p-6 text-center">
      <FaCircleXmark aria-hidden className="text-5xl text-red-600" />
      <h1 className="text-xl font-semibold text-red-700">Failed !!</h1>
      <Link to="/" replace className="rounded-lg border border-red-600 px-5 py-2 font-semibold text-red-700 hover:bg-red-600 hover:text-white">
        Go To Home
      </Link>
    </section>
  );
}

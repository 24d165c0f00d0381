export function HomePage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-slate-800">Welcome to Haat</h1>
      <p className="mt-2 text-slate-600">Everything you need, delivered across Bangladesh.</p>
    </section>
  );
}

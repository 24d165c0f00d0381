import { Outlet } from 'react-router';
import { Header } from './Header';
import { Footer } from '../../components/Footer';
import { MobileCartBar } from '../../features/cart/components/MobileCartBar';

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <MobileCartBar />
    </div>
  );
}

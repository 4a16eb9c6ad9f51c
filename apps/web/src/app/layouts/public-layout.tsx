import { Outlet } from 'react-router';
import { Footer } from '../footer';
import { TopBar } from '../top-bar/top-bar';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

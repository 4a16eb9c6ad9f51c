import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import './index.css';

// One cache for the whole app: route loaders fill it, pages read it.
const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

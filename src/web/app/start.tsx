import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startServiceWorker } from '../lib/service-worker';
import { AppRoutes } from '../routes';
import { AppProvider } from './provider';
import { RouteErrorBoundary } from './routes/route-error';

/** Renders the app into #root and starts the service worker, with the entry chunk's URL for its version. */
export function startApp(entryUrl: string) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  // A transition: the first render yields to the browser every few milliseconds instead of holding the
  // main thread in one long task, so the page answers input while the app starts.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <RouteErrorBoundary resetKey="app">
              <AppRoutes />
            </RouteErrorBoundary>
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    );
  });

  startServiceWorker(entryUrl);
}

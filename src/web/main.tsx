// The libraries first, then the app: the browser evaluates each module graph in a task of its own, so
// starting the app is two shorter tasks instead of one long one (docs/decisions/0012-first-paint.md).
// The build asks for the app's chunks together with these (vite.config.ts, paintFirst()).
import 'react';
import 'react-dom/client';
import './styles.css';

// The service worker's version is this chunk's hashed name (src/web/lib/service-worker.ts).
void import('./app/start').then(({ startApp }) => startApp(import.meta.url));

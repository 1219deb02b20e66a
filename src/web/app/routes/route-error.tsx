import { APP_TEXT } from '@shared/messages/app';
import { Button } from '@web/components/ui/button';
import { TriangleExclamationPoint } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';

/** A page that crashed: said plainly, with a way on. */
export function RouteErrorPage() {
  return (
    <section role="alert" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <TriangleExclamationPoint aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 font-bold text-xl">{APP_TEXT.routeErrorPage.heading}</h1>
      <p className="mt-3 text-muted leading-relaxed">{APP_TEXT.routeErrorPage.body}</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>{APP_TEXT.routeErrorPage.button}</Button>
        <Button variant="secondary" asChild>
          <Link to="/">{APP_TEXT.routeErrorPage.link}</Link>
        </Button>
      </div>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Another value (the path) clears a failure: going elsewhere starts afresh. */
  resetKey: string;
}

/**
 * Catches a page that throws while rendering (or whose code failed to load) and shows RouteErrorPage
 * in its place. Around the page only: the shell around it keeps working.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; resetKey: string }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error('[route] page failed', error);
  }

  render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

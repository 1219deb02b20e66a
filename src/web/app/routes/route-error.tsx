import { APP_TEXT } from '@shared/messages/app';
import { Button, ButtonLink } from '@web/components/ui/button';
import { PageState } from '@web/components/ui/page-state';
import { TriangleExclamationPoint } from 'lucide-react';
import { Component, type ReactNode } from 'react';

/** A page that crashed: said plainly, with a way on. */
export function RouteErrorPage() {
  const { link, ...text } = APP_TEXT.routeErrorPage;
  return (
    <PageState icon={TriangleExclamationPoint} tone="danger" text={text} role="alert">
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>{APP_TEXT.routeErrorPage.button}</Button>
        <ButtonLink to="/" variant="secondary">
          {link}
        </ButtonLink>
      </div>
    </PageState>
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

import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, in words: "the betting pages", "the admin panel". */
  what: string;
  children: ReactNode;
}

/** Catches a remote (or one of its lazy chunks) that failed to load or crashed, instead of a blank page. */
export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`[shell] ${this.props.what} failed`, error);
  }

  override render() {
    if (this.state.error) return <RemoteUnavailable what={this.props.what} />;
    return this.props.children;
  }
}

export function RemoteUnavailable({ what }: { what: string }) {
  return (
    <section className="page page--narrow remote-error" role="alert">
      <h1>Something went wrong</h1>
      <p>We couldn't load {what}. Please check your connection and try again.</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </section>
  );
}

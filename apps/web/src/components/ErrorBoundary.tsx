import { Component, type ReactNode } from 'react';
import { FailureScreen } from './FailureScreen';

interface State {
  error: Error | null;
}

/** A render error anywhere below shows 'Erreur de rendu' instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('Erreur de rendu', error);
  }

  override render() {
    if (this.state.error) return <FailureScreen title="Erreur de rendu" detail={this.state.error.message} />;
    return this.props.children;
  }
}

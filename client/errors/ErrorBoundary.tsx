// Catches an error thrown while rendering one island and hands it to the page crash screen
// (crash.tsx). "Try again" there resets the boundary, which renders the island again.
import { Component, type ReactNode } from 'react';
import { showCrashScreen } from './crash.tsx';

interface State {
  error: unknown;
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    showCrashScreen(error, () => this.setState({ error: undefined, failed: false }));
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

// The crash screen shown in place of the page content when rendering failed.
import { useEffect, useRef } from 'react';
import { errorText } from '../../shared/error-text.ts';

export function CrashScreen({ error, onTryAgain }: { error: unknown; onTryAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the message so keyboard and screen-reader users learn what happened.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="crash-screen" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        This page crashed.
      </h1>
      <button type="button" className="button button--primary" onClick={onTryAgain}>
        Try again
      </button>
      <pre className="crash-screen__details">{errorText(error)}</pre>
    </div>
  );
}

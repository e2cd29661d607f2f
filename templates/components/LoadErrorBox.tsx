// Shown where a lazily loaded part of the page (a search chunk, a page island) failed to load.
// "Retry" loads it again; failed loads are not cached, so a retry after the network is back works.
import { errorText } from '../../shared/error-text.ts';

export function LoadErrorBox({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__title">This part of the page could not be loaded.</p>
      <p className="load-error__details">{errorText(error)}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

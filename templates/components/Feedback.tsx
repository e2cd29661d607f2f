// "Was this page helpful?" at the end of a doc page. The server renders the question; the
// buttons work once client/features/chunks/feedback.ts has loaded (without JavaScript the section is
// hidden, since nothing could be sent). `endpoint` receives each answer besides analytics.
export function Feedback({ endpoint }: { endpoint?: string }) {
  return (
    <section className="feedback" aria-labelledby="feedback-question" data-endpoint={endpoint}>
      <h2 className="feedback__question" id="feedback-question">
        Was this page helpful?
      </h2>
      <div className="feedback__answers">
        <button type="button" className="feedback__answer" data-helpful="yes">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M7 10v11H3V10h4Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
          </svg>
          Yes
        </button>
        <button type="button" className="feedback__answer" data-helpful="no">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M17 14V3h4v11h-4Zm0 0-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17" />
          </svg>
          No
        </button>
      </div>
      <p className="feedback__status" role="status" />
    </section>
  );
}

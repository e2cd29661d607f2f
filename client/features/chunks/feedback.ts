// "Was this page helpful?" (templates/components/Feedback.tsx): Yes or No is sent at once, then
// an optional short reason. Answers go to the analytics endpoint and to the feedback endpoint
// when the config sets them, without ever holding up the page (keepalive fetch, errors
// ignored). A page already answered in this browser shows thanks instead of asking again. The
// code loads when the reader reaches for the question (or at once on a page answered before:
// ../enhance.ts); an answer clicked before it arrives is replayed (../held-clicks.ts).
import { FEEDBACK_ANSWERS_KEY as ANSWERS_KEY } from '../../../shared/feedback.ts';
import { readConfig } from '../../config.ts';
import { storage } from '../../storage.ts';
import { sendEvent } from '../../extras/analytics.ts';

const KEEP_ANSWERS = 200;
const REASON_LENGTH = 500;

type Answer = 'yes' | 'no';

function answers(): Record<string, Answer> {
  try {
    const value = JSON.parse(storage.get(ANSWERS_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Answer>) : {};
  } catch {
    return {};
  }
}

function remember(path: string, answer: Answer): void {
  const kept = Object.entries({ ...answers(), [path]: answer }).slice(-KEEP_ANSWERS);
  storage.set(ANSWERS_KEY, JSON.stringify(Object.fromEntries(kept)));
}

export function init(scope: ParentNode = document): void {
  for (const section of scope.querySelectorAll<HTMLElement>('.feedback:not([data-ready])')) {
    section.dataset.ready = 'true';
    const path = location.pathname;
    if (answers()[path]) {
      thank(section, 'Thanks for your feedback on this page.');
      continue;
    }
    section.querySelector('.feedback__answers')?.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('[data-helpful]');
      if (button) answer(section, path, button.dataset.helpful === 'yes' ? 'yes' : 'no');
    });
  }
}

function send(section: HTMLElement, data: Record<string, unknown>): void {
  const body = { event: 'feedback', path: location.pathname, title: document.title, ...data };
  for (const endpoint of new Set([readConfig().analyticsEndpoint, section.dataset.endpoint])) {
    if (endpoint) sendEvent(endpoint, body);
  }
}

function answer(section: HTMLElement, path: string, helpful: Answer): void {
  send(section, { helpful: helpful === 'yes' });
  remember(path, helpful);
  const form = document.createElement('form');
  form.className = 'feedback__reason';
  const id = 'feedback-reason';
  form.innerHTML =
    `<label for="${id}"></label>` +
    `<textarea id="${id}" rows="3" maxlength="${REASON_LENGTH}"></textarea>` +
    `<button type="submit" class="button button--primary">Send</button>`;
  form.querySelector('label')!.textContent = helpful === 'yes' ? 'What helped you most? (optional)' : 'What was missing or unclear? (optional)';
  section.querySelector('.feedback__answers')!.replaceWith(form);
  status(section, 'Thanks for your answer.');
  const field = form.querySelector('textarea')!;
  field.focus();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const reason = field.value.trim().slice(0, REASON_LENGTH);
    if (reason) send(section, { helpful: helpful === 'yes', reason });
    thank(section, reason ? 'Thanks, your note was sent.' : 'Thanks for your answer.');
    section.querySelector<HTMLElement>('.feedback__status')?.focus();
  });
}

/** The question answered: no buttons or form, only the thanks. */
function thank(section: HTMLElement, text: string): void {
  section.querySelector('.feedback__answers')?.remove();
  section.querySelector('.feedback__reason')?.remove();
  status(section, text);
}

function status(section: HTMLElement, text: string): void {
  const line = section.querySelector<HTMLElement>('.feedback__status');
  if (!line) return;
  line.tabIndex = -1;
  line.textContent = text;
}

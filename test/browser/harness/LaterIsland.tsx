// The lazily loaded island of the test harness: renders what the server rendered, then marks
// itself ready and counts clicks, which proves it hydrated.
import { useEffect, useRef, useState } from 'react';

export function LaterIsland({ text }: { text: string }) {
  const [clicks, setClicks] = useState(0);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.setAttribute('data-ready', 'true'), []);
  return (
    <button type="button" ref={ref} className="later" onClick={() => setClicks(clicks + 1)}>
      {text}
      {clicks > 0 ? ` ${clicks}` : ''}
    </button>
  );
}

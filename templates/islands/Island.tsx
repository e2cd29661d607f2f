// Server side of an island: a marked element the client hydrates with the same props.
// Props travel as JSON in a data attribute, so hydration renders exactly what the server did.
import type { ReactNode } from 'react';

export function Island({ name, props, children, as = 'div', className }: {
  name: string;
  props: object;
  children: ReactNode;
  as?: 'div' | 'span';
  className?: string;
}) {
  const Tag = as;
  return (
    <Tag data-island={name} data-props={JSON.stringify(props)} className={className}>
      {children}
    </Tag>
  );
}

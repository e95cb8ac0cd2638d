import type { ReactNode } from 'react';

/** A page's empty or error state: an icon, a heading, a sentence and the one thing to do next. */
export function PageMessage({
  icon,
  title,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      {icon}
      <h2 className="mt-4 text-2xl">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

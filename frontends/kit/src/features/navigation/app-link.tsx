// An <a> that navigates inside the page; modified clicks (new tab etc.) keep browser behaviour.
import type { ComponentProps, MouseEvent } from 'react';
import { navigateTo } from './navigate.ts';

export function AppLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigateTo(href);
  };
  return <a href={href} onClick={handleClick} {...props} />;
}

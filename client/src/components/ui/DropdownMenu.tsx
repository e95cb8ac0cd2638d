import { Check } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { type ComponentProps, useCallback } from 'react';
import { cn } from '@/lib/utils';

/**
 * A menu button's menu (WAI-ARIA menu button pattern): not modal, so the page behind is not hidden from
 * assistive technology with aria-hidden while its links stay focusable (axe: aria-hidden-focus). The menu
 * still takes the focus on open, closes on Escape or an outside click, and gives the focus back.
 */
export function DropdownMenu(props: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup;

const itemClass =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

export interface DropdownMenuContentProps
  extends Omit<ComponentProps<typeof DropdownMenuPrimitive.Content>, 'ref'> {
  /** Move focus to the first item on open (a menu opened from the keyboard, per WAI-ARIA). */
  focusFirstItem?: boolean;
}

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  focusFirstItem = false,
  ...props
}: DropdownMenuContentProps) {
  // Radix focuses the content itself on open (in an effect); the first item takes over a frame later.
  const contentRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node || !focusFirstItem) return;
      const frame = requestAnimationFrame(() =>
        node.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus(),
      );
      return () => cancelAnimationFrame(frame);
    },
    [focusFirstItem],
  );
  // Not portalled: the menu stays in the DOM right after its button, inside the header's landmark (axe: region),
  // and a screen reader meets it where the button is.
  return (
    <DropdownMenuPrimitive.Content
      ref={contentRef}
      sideOffset={sideOffset}
      className={cn(
        'z-50 min-w-44 overflow-hidden rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return <DropdownMenuPrimitive.Item className={cn(itemClass, className)} {...props} />;
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  return (
    <DropdownMenuPrimitive.RadioItem className={cn(itemClass, 'pr-8', className)} {...props}>
      {children}
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <Check aria-hidden="true" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
    </DropdownMenuPrimitive.RadioItem>
  );
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.CheckboxItem>) {
  return (
    <DropdownMenuPrimitive.CheckboxItem className={cn(itemClass, 'pl-8', className)} {...props}>
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <Check aria-hidden="true" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label className={cn('px-2 py-1.5 text-sm font-semibold', className)} {...props} />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />
  );
}

/** The few icons the kit draws, inline so no icon library ships. All decorative (aria-hidden). */
import type { SVGProps } from 'react';

function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...props}>
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export const EyeIcon = () => (
  <Icon d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
);
export const EyeOffIcon = () => (
  <Icon d="M2.8 2.1 1.4 3.5l3.2 3.2A12 12 0 0 0 1 12c1.7 3.9 6 7 11 7 1.8 0 3.4-.4 4.9-1.1l3.6 3.6 1.4-1.4L2.8 2.1zM12 16.5A4.5 4.5 0 0 1 7.8 10l1.6 1.6a2.5 2.5 0 0 0 3 3l1.6 1.6c-.6.2-1.3.3-2 .3zM12 5c5 0 9.3 3.1 11 7a12 12 0 0 1-3.4 4.5l-3.2-3.2A4.5 4.5 0 0 0 11 7.6L8.6 5.3C9.7 5.1 10.8 5 12 5z" />
);
export const LockIcon = () => <Icon d="M12 1a5 5 0 0 0-5 5v3H5v14h14V9h-2V6a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v3H9V6zm3 8a2 2 0 0 1 1 3.7V20h-2v-2.3A2 2 0 0 1 12 14z" />;
export const ChevronDownIcon = () => <Icon d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />;
export const CloseIcon = () => <Icon d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" />;

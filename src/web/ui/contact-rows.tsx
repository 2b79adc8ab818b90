import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { sendBridge } from '../lib/bridge.ts';
import { SkeletonBlock } from './skeleton.tsx';
import './contact-rows.css';

/**
 * Rows of ways to reach us or get help (customer service, about us): an icon, what the row is, its
 * value and a hint. The whole row is the target, well over 44 px high.
 */

const ICONS = {
  phone: (
    <path d="M6.6 3.5h2.6l1.4 4-2 1.3a11 11 0 0 0 6.6 6.6l1.3-2 4 1.4v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z" />
  ),
  mail: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="m3.5 7 8.5 6 8.5-6" />
    </>
  ),
  chat: <path d="M4 5.5h16v10H9l-5 4v-14Z" />,
};

function ContactIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      className="contact-row-icon"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinejoin="round"
    >
      {ICONS[name]}
    </svg>
  );
}

export interface ContactRowProps {
  icon?: keyof typeof ICONS;
  /** What the value is ("Telephone"); a row whose value says it all has none. */
  label?: string;
  value: string;
  hint: string;
  /**
   * What a tap does: `tel` asks the native app to dial (a web view cannot open tel: links on every
   * platform, spec §1); `href` is a plain link (mailto:); `to` opens a screen of ours.
   */
  action: { tel: string } | { href: string } | { to: string };
}

export function ContactRow({ icon, label, value, hint, action }: ContactRowProps) {
  const content = (
    <>
      {icon ? <ContactIcon name={icon} /> : null}
      <span className="contact-row-text">
        {label ? <span className="contact-row-label">{label}</span> : null}
        <span className="contact-row-value">{value}</span>
        <span className="contact-row-hint">{hint}</span>
      </span>
    </>
  );
  let row: ReactNode;
  if ('tel' in action) {
    row = (
      <button
        type="button"
        className="contact-row"
        onClick={() => sendBridge({ type: 'callTel', tel: action.tel })}
      >
        {content}
      </button>
    );
  } else if ('href' in action) {
    row = (
      <a className="contact-row" href={action.href}>
        {content}
      </a>
    );
  } else {
    row = (
      <Link className="contact-row" to={action.to}>
        {content}
        <span className="contact-row-chevron" aria-hidden="true">
          ›
        </span>
      </Link>
    );
  }
  return <li>{row}</li>;
}

/** The list around ContactRow items. */
export function ContactRows(props: HTMLAttributes<HTMLUListElement>) {
  return <ul className="contact-rows" {...props} />;
}

/** The rows' frame while their values load: each row's label shows, its icon and value are grey. */
export function ContactRowsSkeleton({
  labels,
  ...props
}: { labels: string[] } & HTMLAttributes<HTMLUListElement>) {
  return (
    <ContactRows {...props}>
      {labels.map((label) => (
        <li key={label}>
          <span className="contact-row">
            <SkeletonBlock width="40px" height="40px" radius="50%" />
            <span className="contact-row-text">
              <span className="contact-row-label">{label}</span>
              <SkeletonBlock width="55%" height="1.1rem" />
            </span>
          </span>
        </li>
      ))}
    </ContactRows>
  );
}

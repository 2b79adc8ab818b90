import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';

/**
 * What the borrower has put into a complaint form and not sent yet, kept for the page session
 * (sessionStorage: a reload or Back brings it back; closing the web view forgets it, which is what a
 * shared phone needs). One draft per order and question type, so another order's form starts empty.
 * Only images the server has accepted are kept: their URLs are all the form sends.
 */
export interface ComplaintDraft {
  text: string;
  /** The collection sub-type chosen on the form (0 when none, or when the address names one). */
  subType: number;
  images: { url: string }[];
}

const PREFIX = 'complaint-draft';

export function draftKey(orderNo: string, problemType: number): string {
  return `${PREFIX}:${orderNo}:${problemType}`;
}

// Storage can be missing or refuse (a web view with storage off, a full quota): a draft is a
// convenience, so those cases behave as "no draft" instead of breaking the form.
function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readDraft(key: string): ComplaintDraft | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ComplaintDraft>;
    // Written by us, but the tab may have held an older shape: keep only what still makes sense.
    const text = typeof value.text === 'string' ? value.text.slice(0, COMPLAINT_LIMITS.detailMax) : '';
    const subType = Number.isSafeInteger(value.subType) ? Number(value.subType) : 0;
    const images = Array.isArray(value.images)
      ? value.images
          .filter((i): i is { url: string } => typeof i?.url === 'string' && i.url !== '')
          .slice(0, COMPLAINT_LIMITS.imagesMax)
          .map((i) => ({ url: i.url }))
      : [];
    return { text, subType, images };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: ComplaintDraft): void {
  try {
    const empty = draft.text === '' && draft.subType === 0 && draft.images.length === 0;
    if (empty) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota or storage off: the form goes on without a draft.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing was kept then.
  }
}

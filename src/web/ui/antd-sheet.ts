/**
 * antd-mobile's bottom sheet (Popup), which swipes closed with its gesture library: loaded on demand
 * through `overlays.tsx` (decision 042), never imported from here or from 'antd-mobile' directly.
 */
export { Popup } from 'antd-mobile';

/**
 * antd-mobile's overlays, loaded on first use (decision 042): Toast and Dialog draw through Mask and
 * CenterPopup, which animate with react-spring, together more than half of antd-mobile's code on a screen.
 * Import them through `overlays.tsx`, never from here or from 'antd-mobile' directly.
 */
export { CenterPopup, Dialog, Toast } from 'antd-mobile';

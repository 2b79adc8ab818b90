import { catalog } from './catalog.ts';

/**
 * Why staff refused a verification step or a bank account under review (decision 068): the borrower reads
 * the sentence in their language, and the back office shows the same sentence when the operator picks it,
 * so the operator sees what the borrower will. Its own catalogue, like `rejections`.
 */
export const reviewReasons = catalog({
  en: {
    nameMismatch:
      'The name on your documents does not match the name you gave us. Check it and send the step again.',
    livenessDoubtful:
      'We could not confirm your selfie was taken live. Please take a new selfie in good light.',
    documentUnclear: 'We could not read your document clearly. Please send a clear photo of it.',
    identityMismatch:
      'The identity details do not match the official records. Check them and send them again.',
    accountNotOwn: 'This bank account is not in your name. Add an account that you hold yourself.',
    suspectedFraud: 'We cannot accept these details. Please contact our support team.',
  },
  id: {
    nameMismatch:
      'Nama pada dokumen Anda tidak sama dengan nama yang Anda berikan. Periksa dan kirim ulang langkah ini.',
    livenessDoubtful:
      'Kami tidak dapat memastikan swafoto Anda diambil secara langsung. Ambil swafoto baru dengan cahaya yang cukup.',
    documentUnclear: 'Dokumen Anda tidak terbaca dengan jelas. Kirim foto dokumen yang jelas.',
    identityMismatch: 'Data identitas tidak sesuai dengan data resmi. Periksa dan kirim ulang.',
    accountNotOwn: 'Rekening bank ini bukan atas nama Anda. Tambahkan rekening atas nama Anda sendiri.',
    suspectedFraud: 'Kami tidak dapat menerima data ini. Silakan hubungi tim layanan kami.',
  },
});

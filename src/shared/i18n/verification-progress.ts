import { catalog } from './catalog.ts';

/**
 * Copy of `/verification` (issue 30, decision 069): the borrower's verification steps and the next one.
 * The steps' names come with the server's reply (`verification:steps.*`), so a new step needs no copy here.
 */
export const verificationProgress = catalog({
  en: {
    title: 'Verification',
    loading: 'Loading your verification steps…',
    summary: '{{done}} of {{count}} steps done',
    allDone: 'All steps are done. You can apply for a loan.',
    next: 'Next step',
    status: {
      done: 'Done',
      review: 'In review',
      refused: 'Refused',
      missing: 'To do',
    },
    inApp: 'Continue in the app',
    bankStep: 'Bank account',
    bank: 'Add bank account',
    bankChange: 'View bank account',
    offline: 'You are offline. Your steps will load when the connection is back.',
    loadError: 'Your verification steps could not be loaded.',
  },
  id: {
    title: 'Verifikasi',
    loading: 'Memuat langkah verifikasi Anda…',
    summary: '{{done}} dari {{count}} langkah selesai',
    allDone: 'Semua langkah selesai. Anda dapat mengajukan pinjaman.',
    next: 'Langkah berikutnya',
    status: {
      done: 'Selesai',
      review: 'Sedang diperiksa',
      refused: 'Ditolak',
      missing: 'Belum diisi',
    },
    inApp: 'Lanjutkan di aplikasi',
    bankStep: 'Rekening bank',
    bank: 'Tambah rekening bank',
    bankChange: 'Lihat rekening bank',
    offline: 'Anda sedang offline. Langkah Anda akan dimuat saat koneksi kembali.',
    loadError: 'Langkah verifikasi Anda tidak dapat dimuat.',
  },
});

import { catalog } from './catalog.ts';
/** Copy shared by every surface: errors, generic buttons. One file per namespace, both languages. */
export const common = catalog({
  en: {
    errors: {
      validation: 'Some of the information is not valid. Please check and try again.',
      unauthenticated: 'Your session has ended. Please sign in again.',
      forbidden: 'You do not have access to this.',
      notFound: 'We could not find what you were looking for.',
      conflict: 'This was already done.',
      duplicate: 'This was just saved by another request. Please refresh and check before trying again.',
      payloadTooLarge: 'The request is too large.',
      rateLimited: 'Too many attempts. Please wait a moment and try again.',
      internal: 'Something went wrong on our side. Please try again later.',
      unavailable: 'The service is busy. Please try again in a moment.',
      // No payment gateway configured (decision 047).
      paymentsUnavailable: 'Payments cannot be taken at the moment. Please try again later.',
      network: 'Network error. Please check your connection and try again.',
    },
    actions: {
      confirm: 'Confirm',
      cancel: 'Cancel',
      back: 'Back',
      retry: 'Try again',
      close: 'Close',
      remove: 'Remove',
    },
    loading: 'Loading…',
  },
  id: {
    errors: {
      validation: 'Ada informasi yang tidak valid. Silakan periksa dan coba lagi.',
      unauthenticated: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
      forbidden: 'Anda tidak memiliki akses.',
      notFound: 'Data yang Anda cari tidak ditemukan.',
      conflict: 'Ini sudah dilakukan.',
      duplicate: 'Ini baru saja disimpan oleh permintaan lain. Muat ulang dan periksa sebelum mencoba lagi.',
      payloadTooLarge: 'Permintaan terlalu besar.',
      rateLimited: 'Terlalu banyak percobaan. Silakan tunggu sebentar lalu coba lagi.',
      internal: 'Terjadi kesalahan di sistem kami. Silakan coba lagi nanti.',
      unavailable: 'Layanan sedang sibuk. Silakan coba lagi sebentar lagi.',
      // Tidak ada gateway pembayaran yang dikonfigurasi (keputusan 047).
      paymentsUnavailable: 'Pembayaran belum dapat diterima saat ini. Silakan coba lagi nanti.',
      network: 'Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.',
    },
    actions: {
      confirm: 'Konfirmasi',
      cancel: 'Batal',
      back: 'Kembali',
      retry: 'Coba lagi',
      close: 'Tutup',
      remove: 'Hapus',
    },
    loading: 'Memuat…',
  },
});

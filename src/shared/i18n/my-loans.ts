import { catalog } from './catalog.ts';

/** Copy of `/myLoans` (issue 30): every order of the borrower, open ones first. */
export const myLoans = catalog({
  en: {
    title: 'My loans',
    loading: 'Loading your loans…',
    open: 'Current',
    closed: 'Past',
    appliedOn: 'Applied on {{date}}',
    nextDue: 'Next payment',
    nextDueOn: '{{amount}} by {{date}}',
    details: 'View details of {{product}}, {{amount}}',
    more: 'Show more',
    loadingMore: 'Loading more…',
    empty: 'You have no loans yet.',
    products: 'See loan products',
    offline: 'You are offline. Your loans will load when the connection is back.',
    loadError: 'Your loans could not be loaded.',
  },
  id: {
    title: 'Pinjaman saya',
    loading: 'Memuat pinjaman Anda…',
    open: 'Berjalan',
    closed: 'Selesai',
    appliedOn: 'Diajukan {{date}}',
    nextDue: 'Pembayaran berikutnya',
    nextDueOn: '{{amount}} paling lambat {{date}}',
    details: 'Lihat rincian {{product}}, {{amount}}',
    more: 'Tampilkan lebih banyak',
    loadingMore: 'Memuat lagi…',
    empty: 'Anda belum memiliki pinjaman.',
    products: 'Lihat produk pinjaman',
    offline: 'Anda sedang offline. Pinjaman Anda akan dimuat saat koneksi kembali.',
    loadError: 'Pinjaman Anda tidak dapat dimuat.',
  },
});

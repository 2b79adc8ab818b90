import { catalog } from './catalog.ts';

/**
 * The document viewer (`/viewDocument`, issue 29): the certificate or the data copy, and the way back. A
 * catalogue of its own, so that the screens which open documents (receipts, My data) do not make every
 * H5 screen load the receipts' copy through their shared chunk.
 */
export const documentViewer = catalog({
  en: {
    back: 'Back',
    title: {
      certificate: 'No-dues certificate',
      dataCopy: 'Copy of your data',
      none: 'Document',
    },
    loading: 'Opening the document…',
    frame: 'The no-dues certificate (PDF)',
    savePdf: 'Save the PDF',
    codeLabel: 'Verification code',
    certificateNote:
      'If the certificate does not show here, save it and open it with your PDF reader. The link works for 10 minutes; after that, go back and open it again.',
    copyReady:
      'Your copy is being saved to your phone as a file (JSON) that any text editor can open. If it did not start, save it again below.',
    saveCopy: 'Save the file again',
    copyNote: 'The link works for 10 minutes; after that, go back and download the copy again.',
    missing: 'There is no document to show here. Go back and open it again.',
  },
  id: {
    back: 'Kembali',
    title: {
      certificate: 'Surat keterangan lunas',
      dataCopy: 'Salinan data Anda',
      none: 'Dokumen',
    },
    loading: 'Membuka dokumen…',
    frame: 'Surat keterangan lunas (PDF)',
    savePdf: 'Simpan PDF',
    codeLabel: 'Kode verifikasi',
    certificateNote:
      'Jika surat tidak tampil di sini, simpan lalu buka dengan aplikasi pembaca PDF. Tautan berlaku 10 menit; setelah itu, kembali dan buka lagi.',
    copyReady:
      'Salinan Anda sedang disimpan ke ponsel sebagai berkas (JSON) yang dapat dibuka dengan penyunting teks apa pun. Jika belum mulai, simpan lagi di bawah.',
    saveCopy: 'Simpan berkas lagi',
    copyNote: 'Tautan berlaku 10 menit; setelah itu, kembali dan unduh salinannya lagi.',
    missing: 'Tidak ada dokumen untuk ditampilkan di sini. Kembali lalu buka lagi.',
  },
});

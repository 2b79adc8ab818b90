import { catalog } from './catalog.ts';
/**
 * Privacy rights (decision 035): the borrower's "My data" screen, the server's refusals and answers, and
 * the copy of the data. The rights follow the privacy policy's own list and words (site.ts
 * `privacy.sections.rights`). The back office's queue has a catalog of its own (data-rights-admin.ts).
 */
export const dataRights = catalog({
  en: {
    kinds: {
      access: 'Access',
      correction: 'Correction',
      erasure: 'Erasure',
      objection: 'Objection',
      restriction: 'Restriction',
      withdrawal: 'Withdrawal of consent',
    },
    explain: {
      access: 'Get a copy of the personal data we hold about you and of how we use it.',
      correction: 'Ask us to correct or complete data that is wrong or out of date.',
      erasure: 'Ask us to delete data we no longer need, apart from the records the law makes us keep.',
      objection: 'Object to a particular use of your data, such as marketing messages.',
      restriction: 'Ask us to limit the use of your data while a request or a complaint is looked into.',
      withdrawal:
        'Withdraw a consent you gave us. What we did before stays lawful; a service that needs it may stop.',
    },
    statuses: {
      received: 'Received',
      in_progress: 'In progress',
      done: 'Done',
      refused: 'Refused',
    },
    laws: {
      IN: 'the Digital Personal Data Protection Act, 2023',
      ID: 'Law No. 27 of 2022 on Personal Data Protection (UU PDP)',
    },
    within: {
      hours: 'Answered within {{days}} × 24 hours',
      days: 'Answered within {{days}} days',
    },
    refusals: {
      loanOutstanding:
        'You can cancel your account once every loan is repaid. Loan {{orderNo}} is still outstanding or being processed.',
      openRequest:
        'You already have an open {{kind}} request (no. {{id}}, made on {{created}}). We will answer it by {{deadline}}.',
      detailsRequired: 'Please tell us what this request is about.',
      answerRequired: 'Write the answer the borrower will read.',
      reasonRequired: 'Write the reason for the refusal; the borrower will read it.',
      wrongState: 'This request is already {{status}}. Reload it to see what changed.',
      linkExpired: 'This link has expired. Open "My data" in the app and download your data again.',
      otherMarket: 'This request belongs to a market you do not work on.',
    },
    answers: {
      exported: 'A copy of your data was prepared for download on {{at}}.',
      accountClosed: 'Closed together with your account on {{at}}.',
    },
    // The text message telling a borrower a request was answered: never the answer itself (an SMS is
    // read on a lock screen), only where to read it.
    notify: {
      answered:
        '{{app}}: we have answered your request ({{kind}}). Open "My data" in the app to read the answer.',
    },
    messages: {
      received: 'Request received.',
      cancelled: 'Your account is closed.',
    },
    export: {
      about:
        'A copy of the personal data {{company}} holds about you, made on {{at}}. Photo links in it work for one hour.',
    },
    screen: {
      title: 'My data',
      intro: 'What we hold about you, your rights, and the requests you made.',
      back: 'Back',
      loading: 'Loading your data…',
      loadError: 'Your data could not be loaded.',
      offline: 'You are offline. We will try again as soon as you are back online.',
      held: {
        title: 'What we hold',
        name: 'Name',
        phone: 'Mobile number',
        since: 'Customer since',
        orders: 'Loan orders',
        payments: 'Payments',
        complaints: 'Complaints',
        chatRecords: 'Help assistant records',
        bankCards: 'Saved bank cards',
        signIns: 'Sign-ins',
        note: 'Your copy has all of it: your profile, sign-ins, loans with their terms, payments, complaints with their photos, help assistant records and saved cards (masked).',
      },
      export: {
        title: 'A copy of your data',
        note: 'A file you can keep (JSON). Its link works for 10 minutes; the photo links in it for one hour.',
        button: 'Download my data',
        preparing: 'Preparing your copy…',
        failed: 'Your copy could not be prepared.',
      },
      rights: { title: 'Your rights', under: 'Under {{law}} you may ask for:' },
      form: {
        title: 'Make a request',
        kind: 'Which right?',
        choose: 'Choose a right',
        details: 'Details',
        detailsHint:
          'Tell us which data or which use it is about. Needed for correction, objection and restriction.',
        counter: '{{count}} / {{max}}',
        send: 'Send request',
        sending: 'Sending…',
        kindRequired: 'Please choose a right.',
        tooLong: 'At most {{max}} characters.',
        sent: 'Request received. We will answer by {{deadline}}.',
      },
      requests: {
        title: 'My requests',
        empty: 'You have not made any request yet.',
        number: 'Request no. {{id}}',
        made: 'Made on',
        due: 'Answer due',
        answered: 'Answered on',
        answer: 'Our answer',
        reason: 'Why we refused',
        details: 'What you asked',
        overdue: 'Past its due time: we are sorry for the delay.',
      },
      cancel: {
        title: 'Cancel my account',
        intro:
          'We delete or anonymise your personal data: your name, mobile number, sign-ins, complaint and chat texts and photos. We keep only what the law makes a lender keep (loans, payments and their history), for as long as it says. You are signed out at once.',
        button: 'Cancel my account',
        confirmTitle: 'Cancel your account?',
        confirmText:
          'This cannot be undone. Download a copy of your data first if you want one. You will be signed out.',
        confirm: 'Yes, cancel my account',
        keep: 'Keep my account',
        cancelling: 'Cancelling your account…',
        doneTitle: 'Your account is closed',
        doneText:
          'Your personal data has been deleted or anonymised, apart from the records the law makes us keep.',
        doneButton: 'OK',
      },
    },
  },
  id: {
    kinds: {
      access: 'Akses',
      correction: 'Perbaikan',
      erasure: 'Penghapusan',
      objection: 'Keberatan',
      restriction: 'Pembatasan',
      withdrawal: 'Penarikan persetujuan',
    },
    explain: {
      access: 'Dapatkan salinan data pribadi Anda yang kami simpan dan cara kami menggunakannya.',
      correction: 'Minta kami memperbaiki atau melengkapi data yang salah atau sudah tidak berlaku.',
      erasure:
        'Minta kami menghapus data yang tidak lagi diperlukan, kecuali catatan yang wajib kami simpan menurut hukum.',
      objection: 'Ajukan keberatan atas penggunaan tertentu data Anda, misalnya pesan pemasaran.',
      restriction: 'Minta kami membatasi penggunaan data Anda selama permintaan atau pengaduan diperiksa.',
      withdrawal:
        'Tarik kembali persetujuan yang pernah Anda berikan. Pemrosesan sebelumnya tetap sah; layanan yang memerlukannya dapat berhenti.',
    },
    statuses: {
      received: 'Diterima',
      in_progress: 'Sedang diproses',
      done: 'Selesai',
      refused: 'Ditolak',
    },
    laws: {
      IN: 'Digital Personal Data Protection Act 2023 (India)',
      ID: 'Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP)',
    },
    within: {
      hours: 'Dijawab paling lambat {{days}} × 24 jam',
      days: 'Dijawab paling lambat {{days}} hari',
    },
    refusals: {
      loanOutstanding:
        'Akun dapat ditutup setelah semua pinjaman lunas. Pinjaman {{orderNo}} masih berjalan atau sedang diproses.',
      openRequest:
        'Anda masih memiliki permintaan {{kind}} yang belum selesai (no. {{id}}, dibuat {{created}}). Kami akan menjawabnya paling lambat {{deadline}}.',
      detailsRequired: 'Mohon jelaskan isi permintaan Anda.',
      answerRequired: 'Tulis jawaban yang akan dibaca peminjam.',
      reasonRequired: 'Tulis alasan penolakan; peminjam akan membacanya.',
      wrongState: 'Permintaan ini sudah berstatus {{status}}. Muat ulang untuk melihat perubahannya.',
      linkExpired: 'Tautan ini sudah kedaluwarsa. Buka "Data saya" di aplikasi dan unduh data Anda lagi.',
      otherMarket: 'Permintaan ini milik pasar yang tidak Anda tangani.',
    },
    answers: {
      exported: 'Salinan data Anda disiapkan untuk diunduh pada {{at}}.',
      accountClosed: 'Ditutup bersama akun Anda pada {{at}}.',
    },
    notify: {
      answered:
        '{{app}}: permintaan Anda ({{kind}}) sudah kami jawab. Buka "Data saya" di aplikasi untuk membaca jawabannya.',
    },
    messages: {
      received: 'Permintaan diterima.',
      cancelled: 'Akun Anda telah ditutup.',
    },
    export: {
      about:
        'Salinan data pribadi Anda yang disimpan oleh {{company}}, dibuat pada {{at}}. Tautan foto di dalamnya berlaku satu jam.',
    },
    screen: {
      title: 'Data saya',
      intro: 'Data Anda yang kami simpan, hak Anda, dan permintaan yang Anda ajukan.',
      back: 'Kembali',
      loading: 'Memuat data Anda…',
      loadError: 'Data Anda tidak dapat dimuat.',
      offline: 'Anda sedang offline. Kami akan mencoba lagi begitu Anda kembali online.',
      held: {
        title: 'Data yang kami simpan',
        name: 'Nama',
        phone: 'Nomor ponsel',
        since: 'Nasabah sejak',
        orders: 'Pesanan pinjaman',
        payments: 'Pembayaran',
        complaints: 'Pengaduan',
        chatRecords: 'Catatan asisten bantuan',
        bankCards: 'Kartu bank tersimpan',
        signIns: 'Riwayat masuk',
        note: 'Salinan Anda memuat semuanya: profil, riwayat masuk, pinjaman beserta syaratnya, pembayaran, pengaduan beserta fotonya, catatan asisten bantuan, dan kartu tersimpan (disamarkan).',
      },
      export: {
        title: 'Salinan data Anda',
        note: 'Berkas yang dapat Anda simpan (JSON). Tautannya berlaku 10 menit; tautan foto di dalamnya satu jam.',
        button: 'Unduh data saya',
        preparing: 'Menyiapkan salinan Anda…',
        failed: 'Salinan Anda tidak dapat disiapkan.',
      },
      rights: { title: 'Hak Anda', under: 'Menurut {{law}}, Anda dapat meminta:' },
      form: {
        title: 'Ajukan permintaan',
        kind: 'Hak yang mana?',
        choose: 'Pilih hak',
        details: 'Keterangan',
        detailsHint:
          'Jelaskan data atau penggunaan mana yang dimaksud. Wajib untuk perbaikan, keberatan, dan pembatasan.',
        counter: '{{count}} / {{max}}',
        send: 'Kirim permintaan',
        sending: 'Mengirim…',
        kindRequired: 'Silakan pilih salah satu hak.',
        tooLong: 'Paling banyak {{max}} karakter.',
        sent: 'Permintaan diterima. Kami akan menjawab paling lambat {{deadline}}.',
      },
      requests: {
        title: 'Permintaan saya',
        empty: 'Anda belum pernah mengajukan permintaan.',
        number: 'Permintaan no. {{id}}',
        made: 'Diajukan',
        due: 'Batas jawaban',
        answered: 'Dijawab',
        answer: 'Jawaban kami',
        reason: 'Alasan penolakan',
        details: 'Yang Anda minta',
        overdue: 'Melewati batas waktu: mohon maaf atas keterlambatannya.',
      },
      cancel: {
        title: 'Tutup akun saya',
        intro:
          'Kami menghapus atau menganonimkan data pribadi Anda: nama, nomor ponsel, riwayat masuk, teks pengaduan dan obrolan, serta foto. Kami hanya menyimpan yang wajib disimpan pemberi pinjaman menurut hukum (pinjaman, pembayaran, dan riwayatnya), selama jangka waktu yang ditetapkan. Anda langsung keluar dari aplikasi.',
        button: 'Tutup akun saya',
        confirmTitle: 'Tutup akun Anda?',
        confirmText:
          'Tindakan ini tidak dapat dibatalkan. Unduh salinan data Anda terlebih dahulu jika Anda memerlukannya. Anda akan keluar dari aplikasi.',
        confirm: 'Ya, tutup akun saya',
        keep: 'Tetap gunakan akun',
        cancelling: 'Menutup akun Anda…',
        doneTitle: 'Akun Anda telah ditutup',
        doneText:
          'Data pribadi Anda telah dihapus atau dianonimkan, kecuali catatan yang wajib kami simpan menurut hukum.',
        doneButton: 'OK',
      },
    },
  },
});

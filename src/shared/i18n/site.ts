import { offerText } from '../domain/market-offer.ts';
import type { Lang } from '../markets.ts';

/** Amounts and times are the market's offer, never written here (issue 29, decision 058). */
const IN = offerText('IN', 'en');
const ID = offerText('ID', 'id');

/**
 * Copy of the public marketing site (spec §1, §2, §9; product brief §1, §5). The site language decides
 * the market: English pages speak to India (rupees), Indonesian pages to Indonesia (Rp). Company details
 * (name, phone, e-mail, address) are not in these strings: operators edit them, so the pages render
 * them from the site values instead. The contact form's own strings live in the `contact` namespace.
 * An amount keeps its currency with a no-break space (`Rp\u00a01.000.000`): a line never ends between
 * "Rp" and the number. Each market's loan terms are its own legal text, kept with the app's loan agreement
 * in `src/shared/legal/` (one text for the site's `/Loan` and the app's `/loanAgreement`).
 */
export const site = {
  en: {
    nav: {
      label: 'Main',
      skip: 'Skip to main content',
      items: ['Home', 'About Us', 'Privacy Policy', 'Loan terms and conditions'],
      language: 'Bahasa Indonesia',
      languageHint: 'Baca dalam Bahasa Indonesia',
      homeSuffix: 'home page',
    },
    meta: {
      home: {
        title: 'Instant personal loans',
        description: `Borrow ${IN.min} to ${IN.max}, decided within ${IN.decision} and paid out within ${IN.payout}. Apply on your phone in minutes and join over 3 million users.`,
      },
      about: {
        title: 'About us',
        description: 'Who we are, what we offer and how to contact us.',
      },
      policy: {
        title: 'Privacy Policy',
        description: 'Our privacy policy: how we collect, use and protect your personal data.',
      },
      loan: {
        title: 'Loan terms and conditions',
        description:
          'The terms of our loans: eligibility, term, repayment, early repayment and late charges.',
      },
      privacyPolicy: {
        title: 'Privacy policy',
        description: 'How we collect, use, share and protect your personal data, and the rights you have.',
      },
      contact: {
        title: 'Contact',
        description: 'Phone, e-mail and address of our customer service.',
      },
      verify: {
        title: 'Check a certificate',
        description: 'Check the verification code of a no-dues certificate we issued.',
      },
      notFound: {
        title: 'Page not found',
        description: 'This page does not exist.',
      },
    },
    home: {
      hero: {
        title: 'Instant personal loans, when you need them',
        lead: `Borrow ${IN.min} to ${IN.max}, straight to your bank account: we decide within ${IN.decision}, and the money arrives within ${IN.payout} of approval. Apply on your phone in a few minutes, with no paperwork and no branch visit.`,
        cta: 'Download the app',
      },
      claims: {
        heading: 'Why borrowers choose us',
        items: [
          { value: `${IN.min} to ${IN.max}`, text: `Choose a loan amount from ${IN.min} up to ${IN.max}.` },
          {
            value: `Decision in ${IN.decision}`,
            text: `We decide within ${IN.decision}; once approved, the money reaches your bank account within ${IN.payout}.`,
          },
          { value: '3 million+', text: 'Trusted by over 3 million users.' },
          { value: 'Salary ₹12,000+', text: 'Apply with a salary of ₹12,000 or more.' },
        ],
        note: 'Every application is subject to an eligibility check. The amount, term, fees and total to repay of each loan are shown in the app before you confirm.',
      },
      carousel: {
        label: 'Highlights',
        slideOf: 'of',
        dot: 'Show slide',
        slides: [
          {
            title: 'Fast approval',
            text: 'Apply online in minutes and get a quick decision. No queues, no paperwork.',
          },
          {
            title: `Borrow ${IN.min} to ${IN.max}`,
            text: 'Choose the amount and the term that fit your budget.',
          },
          {
            title: 'Clear costs',
            text: 'Every fee and the total to repay are shown before you confirm. No hidden charges.',
          },
          {
            title: 'Your data stays safe',
            text: 'Your data is encrypted, and we never read your contacts, call logs or photos.',
          },
        ],
      },
      steps: {
        heading: 'How it works',
        items: [
          { title: 'Download and register', text: 'Install the app and sign up with your mobile number.' },
          {
            title: 'Complete your profile',
            text: 'Fill in your details and verify your identity in a few minutes.',
          },
          { title: 'Choose your loan', text: 'Pick the amount and the term, check the costs and confirm.' },
          {
            title: 'Get your money',
            text: 'The money is sent to your bank account. Repay on time, right in the app.',
          },
        ],
      },
      cta: {
        heading: 'Get started in minutes',
        text: 'Download the app, check whether you are eligible and apply. It only takes a few minutes.',
        button: 'Download',
      },
    },
    about: {
      title: 'About us',
      lead: 'We are an online lending service that helps working people in India get small personal loans quickly, safely and on clear terms.',
      paragraphs: [
        'Everything happens in our app. You apply on your phone, we check your eligibility, and approved loans are paid straight into your bank account. You see the amount, the term, every fee and the total to repay before you confirm, and you can repay early right in the app.',
        'We follow the rules on fair lending, debt collection and data protection that apply to us, and we treat every borrower with respect.',
      ],
      points: {
        heading: 'What we offer',
        items: [
          {
            title: 'Fast',
            text: `Apply in minutes and receive ${IN.min} to ${IN.max} within ${IN.payout} of approval.`,
          },
          {
            title: 'Transparent',
            text: 'No hidden charges: the full cost of the loan is shown before you confirm.',
          },
          {
            title: 'Flexible',
            text: 'Choose your term, repay early, or ask for an extension when you need more time.',
          },
          {
            title: 'Secure',
            text: 'Your data is encrypted and used only to provide your loan. We never read your contacts, call logs or photos.',
          },
          {
            title: 'Helpful',
            text: 'Our customer service team answers by phone, by e-mail and in the app.',
          },
        ],
      },
      formIntro: 'Have a question or a suggestion? Send us a message and our team will get back to you.',
      noScript: 'The contact form needs JavaScript. You can also write to us at',
    },
    policy: {
      title: 'Privacy Policy',
      intro:
        'Our privacy policy is shown below. If it does not load, open it in a new tab or read the copy on this website.',
      frameTitle: 'Privacy policy',
      open: 'Open the privacy policy in a new tab',
      fallback: 'Read the privacy policy on this website',
    },
    privacy: {
      title: 'Privacy policy',
      intro: [
        'This privacy policy explains what personal data we collect when you use our website and our app, why we use it, who we share it with and what rights you have. It applies to our lending service in India and follows the Digital Personal Data Protection Act, 2023 (DPDP Act) and the rules on digital lending that apply to us.',
        'Where the law requires your consent, we ask for it separately and clearly, and you can withdraw it at any time.',
      ],
      sections: {
        use: {
          heading: 'Use of information',
          paragraphs: [
            'We collect the information you give us when you register and apply for a loan: your name, mobile number, date of birth, identity and KYC documents, address, employment and income details, and the bank account in which you want to receive the loan. We also collect technical information about the device you use (model, operating system, app version and a device identifier) to keep your account secure and to prevent fraud.',
            'We use this information to:',
          ],
          list: [
            'verify your identity, as the law requires;',
            'assess your application and your ability to repay;',
            'pay out your loan and collect your repayments;',
            'send you service messages about your application and your loan;',
            'answer your questions and complaints;',
            'prevent fraud and meet our legal and regulatory obligations.',
          ],
          after: [
            "We never read, copy or upload your contacts, call logs, photos or other media files. The app asks only for the permissions it needs to provide your loan, and you can review and revoke them at any time in your phone's settings.",
          ],
        },
        disclosure: {
          heading: 'Disclosure of information',
          paragraphs: [
            'We do not sell your personal data. We share it only when it is needed to provide our service or when the law requires it, with:',
          ],
          list: [
            'credit information companies, to check your credit history and to report your repayments as the law requires;',
            'identity verification (KYC) service providers;',
            'banks and payment service providers, to pay out your loan and collect your repayments;',
            'service providers who run our systems or send messages for us, under contracts that require them to protect your data and to use it only on our instructions;',
            'courts, regulators, law enforcement and other authorities, when the law requires it;',
            'a buyer of or successor to our business, or a party to whom your loan is assigned, who must protect your data as this policy does.',
          ],
          after: [
            'If we appoint a recovery agent, we share only what is needed to contact you about an overdue loan, and the agent must follow the fair practice rules that apply to debt collection.',
          ],
        },
        cookies: {
          heading: 'Cookies',
          paragraphs: [
            'Our website uses one cookie, named lang, to remember the language you chose. It holds no personal data and expires after one year.',
            "We do not use advertising cookies or third-party tracking cookies on this website. In the app, your session and settings are kept in your device's storage so that you do not have to sign in on every screen; clearing the app's data removes them.",
            'You can block or delete cookies in your browser settings. The website still works, but it shows its default language.',
          ],
          list: [],
          after: [],
        },
        security: {
          heading: 'Data security',
          paragraphs: [
            'We protect your data with encryption in transit and at rest, strict access controls and records of who accessed what. Only staff who need your data for their work can see it, and they are bound by confidentiality.',
            'We keep your data only for as long as it is needed for the purpose for which it was collected, or for as long as the law requires us to keep loan and KYC records. After that, we delete or anonymise it.',
            'No system is completely secure. If a breach affects your data, we will inform you and the authorities as the law requires.',
          ],
          list: [],
          after: [],
        },
        nonDiscrimination: {
          heading: 'Non-discrimination statement',
          paragraphs: [
            'We do not discriminate against anyone on the basis of religion, caste, gender, ethnicity, place of birth, disability, marital status or any other protected characteristic, either in our lending decisions or in the way we treat you.',
            'Exercising your privacy rights will never lead to worse treatment, a different price or a refusal of service, unless we cannot provide a loan without the data in question (for example, identity details that the law requires).',
          ],
          list: [],
          after: [],
        },
        rights: {
          heading: 'Your rights',
          paragraphs: [
            'Under the Digital Personal Data Protection Act, 2023 (DPDP Act) and other applicable law, you have the right to:',
          ],
          list: [
            'access: ask for a summary of the personal data we hold about you and of how we use it;',
            'correction: ask us to correct or complete data that is inaccurate or out of date;',
            'erasure: ask us to delete data we no longer need, apart from the records the law requires us to keep;',
            'objection: object to a particular use of your data, such as marketing messages;',
            'restriction: ask us to limit the use of your data while a request or a complaint is being looked into;',
            'withdrawal of consent: withdraw any consent you gave us, at any time. This does not affect what we did before, but we may then be unable to provide services that depend on it.',
          ],
          after: [
            'You may also cancel your account at any time when no loan is outstanding. Once every loan is repaid, ask us in the app or through the contacts below, and we will close your account and delete or anonymise your data, except for the records we must keep by law.',
            'To make a request, contact us using the details below. We will first verify your identity, then answer without undue delay and within the time the law allows. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
          ],
        },
        minors: {
          heading: 'Minors',
          paragraphs: [
            'Our services are only for adult natural persons of legal age who can enter into a binding contract: you must be over 18 years of age. We do not knowingly collect personal data from anyone under 18, and if we learn that we have, we delete it.',
            'If you believe that a minor has given us personal data, please contact us.',
          ],
          list: [],
          after: [],
        },
        changes: {
          heading: 'Changes to this policy',
          paragraphs: [
            'We may update this policy when our services or the law change. We publish every new version on this website and in the app, and we tell you about important changes in advance, in the app or by SMS. Where a change needs your consent, we ask for it.',
          ],
          list: [],
          after: [],
        },
        contacts: {
          heading: 'Contact us',
          paragraphs: [
            'For questions about this policy, to exercise your rights or to make a complaint, contact us:',
          ],
          list: [],
          after: [],
        },
      },
    },
    loan: {
      title: 'Loan terms and conditions',
      lender: 'Lender',
      licence: 'Registration',
      contact: 'Contact',
      privacyLink: 'Read the privacy policy',
    },
    contactPage: {
      title: 'Contact',
      intro:
        'Our customer service team is here to help with questions about your application, your loan or your repayments.',
      formLink: 'Send us a message with the contact form',
    },
    labels: {
      phone: 'Phone',
      email: 'E-mail',
      address: 'Address',
    },
    footer: {
      label: 'Footer links',
      contact: 'Contact',
      privacy: 'Privacy policy',
    },
    notFound: {
      title: 'Page not found',
      text: 'Sorry, the page you are looking for does not exist or has moved.',
      home: 'Go to the home page',
    },
  },
  id: {
    nav: {
      label: 'Menu utama',
      skip: 'Langsung ke konten utama',
      items: ['Beranda', 'Tentang Kami', 'Kebijakan Privasi', 'Syarat dan ketentuan pinjaman'],
      language: 'English',
      languageHint: 'Read in English',
      homeSuffix: 'beranda',
    },
    meta: {
      home: {
        title: 'Pinjaman tunai cepat',
        description: `Pinjam ${ID.min} hingga ${ID.max}, diputuskan dalam ${ID.decision} dan cair dalam ${ID.payout}. Ajukan dari ponsel dalam hitungan menit bersama lebih dari 3 juta pengguna.`,
      },
      about: {
        title: 'Tentang kami',
        description: 'Siapa kami, apa yang kami tawarkan, dan cara menghubungi kami.',
      },
      policy: {
        title: 'Kebijakan Privasi',
        description:
          'Kebijakan privasi kami: cara kami mengumpulkan, menggunakan, dan melindungi data pribadi Anda.',
      },
      loan: {
        title: 'Syarat dan ketentuan pinjaman',
        description:
          'Syarat pinjaman kami: persyaratan peminjam, jangka waktu, pembayaran, pelunasan lebih awal, dan denda keterlambatan.',
      },
      privacyPolicy: {
        title: 'Kebijakan privasi',
        description:
          'Cara kami mengumpulkan, menggunakan, membagikan, dan melindungi data pribadi Anda, serta hak-hak Anda.',
      },
      contact: {
        title: 'Kontak',
        description: 'Telepon, e-mail, dan alamat layanan pelanggan kami.',
      },
      verify: {
        title: 'Periksa surat keterangan',
        description: 'Periksa kode verifikasi surat keterangan lunas yang kami terbitkan.',
      },
      notFound: {
        title: 'Halaman tidak ditemukan',
        description: 'Halaman ini tidak ada.',
      },
    },
    home: {
      hero: {
        title: 'Pinjaman tunai cepat, kapan pun Anda butuh',
        lead: `Pinjam ${ID.min} hingga ${ID.max} langsung ke rekening Anda: kami memutuskan dalam ${ID.decision}, dan dana cair dalam ${ID.payout} setelah disetujui. Ajukan dari ponsel dalam beberapa menit, tanpa berkas fisik dan tanpa datang ke kantor.`,
        cta: 'Unduh aplikasinya',
      },
      claims: {
        heading: 'Mengapa memilih kami',
        items: [
          {
            value: `${ID.min} – ${ID.max}`,
            text: `Pilih jumlah pinjaman dari ${ID.min} hingga ${ID.max}.`,
          },
          {
            value: `Keputusan dalam ${ID.decision}`,
            text: `Kami memutuskan dalam ${ID.decision}; setelah disetujui, dana masuk ke rekening Anda dalam ${ID.payout}.`,
          },
          { value: '3 juta+', text: 'Dipercaya oleh lebih dari 3 juta pengguna.' },
          {
            value: 'Gaji Rp\u00a05.000.000+',
            text: 'Ajukan dengan gaji tahunan Rp\u00a05.000.000 atau lebih.',
          },
        ],
        note: 'Setiap pengajuan melalui penilaian kelayakan. Jumlah, jangka waktu, biaya, dan total pembayaran setiap pinjaman ditampilkan di aplikasi sebelum Anda mengonfirmasi.',
      },
      carousel: {
        label: 'Sorotan',
        slideOf: 'dari',
        dot: 'Tampilkan slide',
        slides: [
          {
            title: 'Persetujuan cepat',
            text: 'Ajukan secara online dalam hitungan menit dan dapatkan keputusan dengan cepat. Tanpa antre, tanpa berkas fisik.',
          },
          {
            title: `Pinjam ${ID.min} – ${ID.max}`,
            text: 'Pilih jumlah dan jangka waktu yang sesuai dengan kemampuan Anda.',
          },
          {
            title: 'Biaya jelas',
            text: 'Semua biaya dan total yang harus dibayar ditampilkan sebelum Anda mengonfirmasi. Tanpa biaya tersembunyi.',
          },
          {
            title: 'Data Anda aman',
            text: 'Data Anda dienkripsi, dan kami tidak pernah membaca kontak, riwayat panggilan, atau foto Anda.',
          },
        ],
      },
      steps: {
        heading: 'Cara kerjanya',
        items: [
          { title: 'Unduh dan daftar', text: 'Pasang aplikasinya dan daftar dengan nomor ponsel Anda.' },
          {
            title: 'Lengkapi data',
            text: 'Isi data diri Anda dan verifikasi identitas dalam beberapa menit.',
          },
          {
            title: 'Pilih pinjaman',
            text: 'Tentukan jumlah dan jangka waktu, periksa biayanya, lalu konfirmasi.',
          },
          {
            title: 'Terima dana',
            text: 'Dana dikirim ke rekening bank Anda. Bayar tepat waktu langsung di aplikasi.',
          },
        ],
      },
      cta: {
        heading: 'Mulai dalam hitungan menit',
        text: 'Unduh aplikasinya, cek kelayakan Anda, lalu ajukan pinjaman. Hanya perlu beberapa menit.',
        button: 'Unduh',
      },
    },
    about: {
      title: 'Tentang kami',
      lead: 'Kami adalah layanan pinjaman online yang membantu para pekerja di Indonesia mendapatkan pinjaman pribadi dengan cepat, aman, dan dengan syarat yang jelas.',
      paragraphs: [
        'Semua proses berlangsung di aplikasi kami. Anda mengajukan dari ponsel, kami memeriksa kelayakan Anda, dan pinjaman yang disetujui langsung dikirim ke rekening bank Anda. Jumlah, jangka waktu, setiap biaya, dan total pembayaran ditampilkan sebelum Anda mengonfirmasi, dan Anda dapat melunasi lebih awal langsung di aplikasi.',
        'Kami mematuhi aturan tentang pemberian pinjaman yang adil, penagihan, dan pelindungan data pribadi yang berlaku bagi kami, serta memperlakukan setiap peminjam dengan hormat.',
      ],
      points: {
        heading: 'Yang kami tawarkan',
        items: [
          {
            title: 'Cepat',
            text: `Ajukan dalam hitungan menit dan terima ${ID.min} hingga ${ID.max} dalam ${ID.payout} setelah disetujui.`,
          },
          {
            title: 'Transparan',
            text: 'Tanpa biaya tersembunyi: seluruh biaya pinjaman ditampilkan sebelum Anda mengonfirmasi.',
          },
          {
            title: 'Fleksibel',
            text: 'Pilih jangka waktu, lunasi lebih awal, atau ajukan perpanjangan saat Anda membutuhkan waktu lebih.',
          },
          {
            title: 'Aman',
            text: 'Data Anda dienkripsi dan hanya digunakan untuk memberikan pinjaman. Kami tidak pernah membaca kontak, riwayat panggilan, atau foto Anda.',
          },
          {
            title: 'Siap membantu',
            text: 'Tim layanan pelanggan kami siap menjawab melalui telepon, e-mail, dan aplikasi.',
          },
        ],
      },
      formIntro:
        'Punya pertanyaan atau saran? Kirimkan pesan kepada kami, dan tim kami akan menghubungi Anda.',
      noScript: 'Formulir kontak memerlukan JavaScript. Anda juga dapat mengirim e-mail ke',
    },
    policy: {
      title: 'Kebijakan Privasi',
      intro:
        'Kebijakan privasi kami ditampilkan di bawah ini. Jika tidak termuat, buka di tab baru atau baca salinannya di situs ini.',
      frameTitle: 'Kebijakan privasi',
      open: 'Buka kebijakan privasi di tab baru',
      fallback: 'Baca kebijakan privasi di situs ini',
    },
    privacy: {
      title: 'Kebijakan privasi',
      intro: [
        'Kebijakan privasi ini menjelaskan data pribadi apa yang kami kumpulkan saat Anda menggunakan situs web dan aplikasi kami, untuk apa kami menggunakannya, kepada siapa kami membagikannya, dan apa saja hak Anda. Kebijakan ini berlaku untuk layanan pinjaman kami di Indonesia dan mengikuti Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP).',
        'Jika hukum mewajibkan persetujuan Anda, kami memintanya secara terpisah dan jelas, dan Anda dapat menariknya kembali kapan saja.',
      ],
      sections: {
        use: {
          heading: 'Penggunaan informasi',
          paragraphs: [
            'Kami mengumpulkan informasi yang Anda berikan saat mendaftar dan mengajukan pinjaman: nama, nomor ponsel, tanggal lahir, dokumen identitas (seperti KTP), alamat, data pekerjaan dan penghasilan, serta rekening bank untuk menerima pinjaman. Kami juga mengumpulkan informasi teknis tentang perangkat yang Anda gunakan (model, sistem operasi, versi aplikasi, dan pengenal perangkat) untuk menjaga keamanan akun Anda dan mencegah penipuan.',
            'Kami menggunakan informasi ini untuk:',
          ],
          list: [
            'memverifikasi identitas Anda sebagaimana diwajibkan oleh hukum;',
            'menilai pengajuan Anda dan kemampuan Anda untuk membayar kembali;',
            'mencairkan pinjaman dan menerima pembayaran Anda;',
            'mengirimkan pemberitahuan layanan tentang pengajuan dan pinjaman Anda;',
            'menjawab pertanyaan dan pengaduan Anda;',
            'mencegah penipuan serta memenuhi kewajiban hukum dan peraturan.',
          ],
          after: [
            'Kami tidak pernah membaca, menyalin, atau mengunggah kontak, riwayat panggilan, foto, maupun berkas media lain di ponsel Anda. Aplikasi hanya meminta izin yang diperlukan untuk memberikan pinjaman, dan Anda dapat memeriksa serta mencabut izin tersebut kapan saja di pengaturan ponsel.',
          ],
        },
        disclosure: {
          heading: 'Pengungkapan informasi',
          paragraphs: [
            'Kami tidak menjual data pribadi Anda. Kami hanya membagikannya jika diperlukan untuk memberikan layanan atau jika diwajibkan oleh hukum, yaitu kepada:',
          ],
          list: [
            'lembaga informasi keuangan dan biro kredit yang berizin, untuk memeriksa riwayat kredit Anda dan melaporkan pembayaran sesuai ketentuan;',
            'penyedia layanan verifikasi identitas (e-KYC);',
            'bank dan penyedia jasa pembayaran, untuk mencairkan pinjaman dan menerima pembayaran Anda;',
            'penyedia layanan yang menjalankan sistem atau mengirim pesan atas nama kami, berdasarkan perjanjian yang mewajibkan mereka melindungi data Anda dan hanya menggunakannya sesuai instruksi kami;',
            'pengadilan, regulator, aparat penegak hukum, dan otoritas lain, jika diwajibkan oleh hukum;',
            'pembeli atau penerus usaha kami, atau pihak yang menerima pengalihan pinjaman Anda, yang wajib melindungi data Anda sebagaimana diatur dalam kebijakan ini.',
          ],
          after: [
            'Jika kami menunjuk pihak ketiga untuk penagihan, kami hanya membagikan data yang diperlukan untuk menghubungi Anda tentang pinjaman yang terlambat, dan pihak tersebut wajib mematuhi ketentuan penagihan yang beretika.',
          ],
        },
        cookies: {
          heading: 'Cookie',
          paragraphs: [
            'Situs web kami hanya menggunakan satu cookie bernama lang untuk mengingat bahasa yang Anda pilih. Cookie ini tidak berisi data pribadi dan berlaku selama satu tahun.',
            'Kami tidak menggunakan cookie iklan atau cookie pelacak pihak ketiga di situs web ini. Di dalam aplikasi, sesi dan pengaturan Anda disimpan di penyimpanan perangkat agar Anda tidak perlu masuk di setiap layar; menghapus data aplikasi juga akan menghapusnya.',
            'Anda dapat memblokir atau menghapus cookie melalui pengaturan peramban. Situs web tetap berfungsi, tetapi akan tampil dalam bahasa bawaannya.',
          ],
          list: [],
          after: [],
        },
        security: {
          heading: 'Keamanan data',
          paragraphs: [
            'Kami melindungi data Anda dengan enkripsi saat dikirim dan saat disimpan, kontrol akses yang ketat, serta catatan tentang siapa yang mengakses data. Hanya karyawan yang memerlukan data Anda untuk pekerjaannya yang dapat melihatnya, dan mereka terikat kewajiban menjaga kerahasiaan.',
            'Kami menyimpan data Anda hanya selama diperlukan untuk tujuan pengumpulannya, atau selama hukum mewajibkan kami menyimpan catatan pinjaman dan identitas. Setelah itu, data tersebut kami hapus atau anonimkan.',
            'Tidak ada sistem yang sepenuhnya aman. Jika terjadi kegagalan pelindungan data pribadi yang memengaruhi data Anda, kami akan memberi tahu Anda dan otoritas terkait paling lambat 3 × 24 jam, sesuai UU PDP.',
          ],
          list: [],
          after: [],
        },
        nonDiscrimination: {
          heading: 'Pernyataan non-diskriminasi',
          paragraphs: [
            'Kami tidak membeda-bedakan siapa pun berdasarkan suku, agama, ras, antargolongan, jenis kelamin, disabilitas, status perkawinan, atau karakteristik lain yang dilindungi, baik dalam keputusan pemberian pinjaman maupun dalam cara kami melayani Anda.',
            'Menggunakan hak privasi Anda tidak akan membuat Anda diperlakukan lebih buruk, dikenai harga yang berbeda, atau ditolak layanannya, kecuali jika kami tidak dapat memberikan pinjaman tanpa data tersebut (misalnya data identitas yang diwajibkan oleh hukum).',
          ],
          list: [],
          after: [],
        },
        rights: {
          heading: 'Hak Anda',
          paragraphs: [
            'Berdasarkan Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP) dan peraturan lain yang berlaku, Anda berhak untuk:',
          ],
          list: [
            'akses: meminta informasi dan salinan data pribadi Anda yang kami simpan, serta cara kami menggunakannya;',
            'perbaikan: meminta kami memperbaiki atau melengkapi data yang tidak akurat atau tidak mutakhir;',
            'penghapusan: meminta kami menghapus data yang tidak lagi diperlukan, kecuali catatan yang wajib kami simpan menurut hukum;',
            'keberatan: menyatakan keberatan atas penggunaan tertentu data Anda, misalnya untuk pesan pemasaran;',
            'pembatasan: meminta kami menunda atau membatasi pemrosesan data Anda selama permintaan atau pengaduan Anda sedang ditangani;',
            'penarikan persetujuan: menarik kembali persetujuan yang pernah Anda berikan, kapan saja. Hal ini tidak memengaruhi pemrosesan sebelumnya, tetapi kami mungkin tidak dapat lagi memberikan layanan yang bergantung pada persetujuan tersebut.',
          ],
          after: [
            'Anda juga dapat menutup akun kapan saja selama tidak ada pinjaman yang belum lunas. Setelah semua pinjaman lunas, ajukan permintaan melalui aplikasi atau kontak di bawah ini, dan kami akan menutup akun Anda serta menghapus atau menganonimkan data Anda, kecuali catatan yang wajib kami simpan menurut hukum.',
            'Untuk mengajukan permintaan, hubungi kami melalui kontak di bawah ini. Kami akan memverifikasi identitas Anda terlebih dahulu dan menanggapi permintaan Anda paling lambat 3 × 24 jam sejak permintaan diterima, sesuai UU PDP.',
          ],
        },
        minors: {
          heading: 'Anak di bawah umur',
          paragraphs: [
            'Layanan kami hanya ditujukan bagi orang perseorangan yang sudah dewasa dan cakap hukum untuk membuat perjanjian, yaitu berusia di atas 18 tahun. Kami tidak dengan sengaja mengumpulkan data pribadi dari siapa pun yang berusia di bawah 18 tahun, dan jika kami mengetahuinya, data tersebut akan kami hapus.',
            'Jika Anda mengetahui bahwa seorang anak telah memberikan data pribadinya kepada kami, silakan hubungi kami.',
          ],
          list: [],
          after: [],
        },
        changes: {
          heading: 'Perubahan kebijakan',
          paragraphs: [
            'Kami dapat memperbarui kebijakan ini jika layanan kami atau peraturan berubah. Setiap versi baru kami terbitkan di situs web dan aplikasi, dan perubahan penting akan kami beritahukan terlebih dahulu melalui aplikasi atau SMS. Jika suatu perubahan memerlukan persetujuan Anda, kami akan memintanya.',
          ],
          list: [],
          after: [],
        },
        contacts: {
          heading: 'Kontak',
          paragraphs: [
            'Untuk pertanyaan tentang kebijakan ini, untuk menggunakan hak Anda, atau untuk menyampaikan pengaduan, hubungi kami:',
          ],
          list: [],
          after: [],
        },
      },
    },
    loan: {
      title: 'Syarat dan ketentuan pinjaman',
      // The company operates the lending service (LPBBTI); the funds' lender is named in the agreement.
      lender: 'Penyelenggara',
      licence: 'Izin',
      contact: 'Kontak',
      privacyLink: 'Baca kebijakan privasi',
    },
    contactPage: {
      title: 'Kontak',
      intro:
        'Tim layanan pelanggan kami siap membantu pertanyaan seputar pengajuan, pinjaman, atau pembayaran Anda.',
      formLink: 'Kirim pesan melalui formulir kontak',
    },
    labels: {
      phone: 'Telepon',
      email: 'E-mail',
      address: 'Alamat',
    },
    footer: {
      label: 'Tautan bawah',
      contact: 'Kontak',
      privacy: 'Kebijakan privasi',
    },
    notFound: {
      title: 'Halaman tidak ditemukan',
      text: 'Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.',
      home: 'Kembali ke beranda',
    },
  },
} as const;

/** The literal types of the `en` copy, widened to plain strings so that both languages fit one shape. */
type Widen<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Widen<U>[]
    : { readonly [K in keyof T]: Widen<T[K]> };

export type SiteCopy = Widen<(typeof site)['en']>;

/** The copy of one language. Typed against `en`, so a key missing from `id` fails the type check. */
export function siteCopy(lang: Lang): SiteCopy {
  return site[lang];
}

/** Privacy-policy sections in the order of spec §2. */
export const PRIVACY_SECTIONS = [
  'use',
  'disclosure',
  'cookies',
  'security',
  'nonDiscrimination',
  'rights',
  'minors',
  'changes',
  'contacts',
] as const satisfies ReadonlyArray<keyof SiteCopy['privacy']['sections']>;

import type { Lang } from '../markets.ts';
import { type LegalDocument, section } from './legal-document.ts';

/*
 * LEGAL REVIEW NEEDED: drafted by engineering from the product spec (§9) and the public text of the
 * Reserve Bank of India (Digital Lending) Directions, 2025 (which replaced the RBI Guidelines on Digital
 * Lending of 2 September 2022), the RBI circular on penal charges in loan accounts (18 August 2023), the
 * Fair Practices Code for NBFCs and the Reserve Bank – Integrated Ombudsman Scheme, 2021. Counsel must
 * approve both texts before they are shown to borrowers in production.
 *
 * India's loan agreement (decision 025): the English text binds; the Indonesian text is a rendering of it
 * for a borrower in India who reads Indonesian, never Indonesia's agreement. Figures a product sets (rates,
 * fees, the look-up period) are not written here: the agreement points to the Key Fact Statement, where
 * the app shows them as configured. The spec §9 figures are the product's own and stand in both texts.
 *
 * Spec §9 calls the daily tiers "late interest"; RBI's penal-charges circular forbids penal interest added
 * to the rate, so the text calls them late (penal) charges on the overdue amount, never compounded. The
 * spec's tiers stand as ceilings: a product may charge less (decision 030: the demo products read them
 * as monthly rates accrued daily), and the KFS states the rate actually charged.
 */
export const LOAN_AGREEMENT_IN: Record<Lang, LegalDocument> = {
  en: {
    market: 'IN',
    lang: 'en',
    governingLang: 'en',
    intro: [
      'This loan agreement (the “Agreement”) is made between you, the borrower, and the lender named in your Key Fact Statement, a Non-Banking Financial Company registered with the Reserve Bank of India (RBI) (“we”, “us”). It applies to every loan you take through our app in India.',
      'We lend in line with the Reserve Bank of India (Digital Lending) Directions, 2025, which replaced the RBI Guidelines on Digital Lending of 2022, and with the Fair Practices Code that applies to us. The Key Fact Statement, the sanction letter and the repayment schedule shown in the app for your loan form part of this Agreement.',
    ],
    sections: [
      section('1. Who can borrow', [
        'To borrow, you must be an adult over 18 years of age, of Indian nationality, resident in India, and legally able to enter into a binding contract. The information you give us in your application must be true and complete.',
      ]),
      section(
        '2. Key Fact Statement',
        [
          'Before you accept a loan, the app shows you a Key Fact Statement (KFS) in the standard format the RBI prescribes, in a language you understand. It states:',
        ],
        [
          'the loan amount, the amount disbursed to you, the term and the repayment schedule;',
          'the annual percentage rate (APR): the all-inclusive yearly cost of the loan, with interest and every fee;',
          'each fee and charge, by name and in rupees;',
          'the look-up period (see section 6);',
          'the late (penal) charges and how overdue amounts are recovered;',
          'the name and contact details of our grievance redressal officer.',
        ],
        [
          'We do not charge any fee, charge or interest that is not stated in the KFS. When you accept, we send you the KFS, the sanction letter and a copy of this Agreement by e-mail or SMS.',
        ],
      ),
      section('3. Application and decision', [
        'We decide on your application within 1 day of receiving it complete. We may approve or refuse an application after checking your identity and your credit history; if we refuse it, we tell you in the app and give the reason.',
        'If we approve your loan, the money is credited directly to your own bank account within 1 to 3 calendar days of the approval. It never passes through a pool account or the account of a lending service provider or any other third party.',
      ]),
      section('4. Loan term', [
        'The loan term is 91 to 365 calendar days, counted from the day the money is disbursed. The exact term, the due date of each payment, the interest and the fees of your loan are in your KFS. We never increase your loan or your credit limit without your explicit consent.',
      ]),
      section('5. Repayment', [
        'You must pay each amount due by its due date, using the repayment methods offered in the app. Repayments go directly to our bank account: never pay into the account of a lending service provider, a recovery agent or any individual. A payment counts as made when we receive it, and we confirm it in the app.',
      ]),
      section('6. Look-up period (cooling-off)', [
        'The look-up period is stated in your KFS and lasts at least one day from disbursement. During it you may exit the loan by repaying the principal and the proportionate APR for the days you had the money, without any penalty or prepayment charge.',
      ]),
      section('7. Early repayment', [
        'After the look-up period, you may repay the whole loan early once half of the loan term has passed, and not earlier than 7 days after disbursement. The app shows the amount to pay on that day before you pay.',
      ]),
      section(
        '8. Late payment',
        ['If you do not pay an amount in full by its due date, the following charges apply:'],
        [
          'a one-time late fee of Rs.1,000 for new clients, or Rs.800 for repeat clients;',
          'a daily late charge on the overdue amount, at the rate stated in your KFS, of at most 5% per day from day 1 to day 30 after the due date, 4% per day from day 31 to day 90, and 2% per day from day 91 onwards.',
        ],
        [
          'These are penal charges as the RBI defines them: they are levied on the overdue amount only, they are not added to the rate of interest, they are never capitalised, and no interest or further charge is computed on them (they are not compounded).',
        ],
      ),
      section('9. Your obligations', [
        'You must tell us about any change to your personal details, such as your name, address, mobile number, employer or bank account, within 3 days of the change. You may not transfer your obligations under this Agreement without our written consent.',
      ]),
      section('10. Recovery, default and legal proceedings', [
        'We recover overdue amounts only by lawful means and in line with the Fair Practices Code. If we engage a recovery agent, we tell you the agent’s name and contact details in advance. Neither we nor our agents harass or threaten borrowers, call at unreasonable hours, or contact the people in your phone’s contact list.',
        'If you do not repay, we may take legal action to recover the amount due. If a court gives judgment against you, you must pay the amount of the judgment within 10 days of the judgment.',
        'We report your loan and your repayments to credit information companies, as the law requires.',
      ]),
      section('11. Assignment', [
        "We may transfer (assign) our rights under this Agreement to another entity regulated by the RBI. We will give you at least 7 business days' notice before an assignment takes effect; the terms of your loan do not change because of it.",
      ]),
      section('12. Your data', [
        'We collect and use your personal data only with your consent and as our privacy policy describes, in line with the Digital Personal Data Protection Act, 2023. The app does not access your contacts, call logs, photos or other files. You may withdraw your consent and ask us to delete your data, except what the law requires us to keep.',
      ]),
      section('13. Grievance redressal', [
        'If you have a complaint, contact our customer service in the app. If you are not satisfied with the answer, write to our grievance redressal officer, whose name and contact details are in the app and in your KFS.',
        'If your complaint is not resolved within 30 days, or you are not satisfied with our answer, you may complain to the RBI under the Reserve Bank – Integrated Ombudsman Scheme, 2021, at cms.rbi.org.in.',
      ]),
      section('14. Changes to this Agreement', [
        'We tell you in the app before any change to these terms takes effect. A change does not apply to a loan you already have unless you agree to it.',
      ]),
      section('15. Governing law', [
        'This Agreement is governed by the laws of India, and the courts of India have jurisdiction over any dispute arising from it.',
      ]),
    ],
  },
  id: {
    market: 'IN',
    lang: 'id',
    governingLang: 'en',
    intro: [
      'Teks ini adalah terjemahan bahasa Indonesia dari perjanjian pinjaman kami di India, disediakan untuk memudahkan Anda. Perjanjian dibuat dalam bahasa Inggris; jika ada perbedaan, teks bahasa Inggris yang berlaku.',
      'Perjanjian pinjaman ini (“Perjanjian”) dibuat antara Anda sebagai peminjam dan pemberi pinjaman yang namanya tercantum dalam Key Fact Statement Anda, yaitu perusahaan pembiayaan non-bank (NBFC) yang terdaftar di Reserve Bank of India (RBI) (“kami”). Perjanjian ini berlaku untuk setiap pinjaman yang Anda terima melalui aplikasi kami di India.',
      'Kami memberikan pinjaman sesuai Reserve Bank of India (Digital Lending) Directions, 2025, yang menggantikan Pedoman Pinjaman Digital RBI tahun 2022, serta kode praktik yang adil (Fair Practices Code) yang berlaku bagi kami. Key Fact Statement, surat persetujuan pinjaman, dan jadwal pembayaran yang ditampilkan di aplikasi untuk pinjaman Anda merupakan bagian dari Perjanjian ini.',
    ],
    sections: [
      section('1. Siapa yang dapat meminjam', [
        'Untuk meminjam, Anda harus sudah dewasa, berusia di atas 18 tahun, berkewarganegaraan India, bertempat tinggal di India, dan cakap hukum untuk membuat perjanjian yang mengikat. Informasi yang Anda berikan dalam pengajuan harus benar dan lengkap.',
      ]),
      section(
        '2. Key Fact Statement',
        [
          'Sebelum Anda menerima pinjaman, aplikasi menampilkan Key Fact Statement (KFS) dalam format standar yang ditetapkan RBI, dalam bahasa yang Anda pahami. KFS memuat:',
        ],
        [
          'jumlah pinjaman, jumlah yang dicairkan kepada Anda, jangka waktu, dan jadwal pembayaran;',
          'annual percentage rate (APR): biaya tahunan pinjaman secara menyeluruh, termasuk bunga dan semua biaya;',
          'setiap biaya dan pungutan, dengan namanya dan dalam rupee;',
          'masa tinjau (look-up period, lihat pasal 6);',
          'biaya keterlambatan (penal charges) dan cara penagihan jumlah yang terlambat;',
          'nama dan kontak petugas penanganan pengaduan (grievance redressal officer) kami.',
        ],
        [
          'Kami tidak memungut biaya, pungutan, atau bunga apa pun yang tidak tercantum dalam KFS. Setelah Anda menerima pinjaman, kami mengirimkan KFS, surat persetujuan pinjaman, dan salinan Perjanjian ini melalui e-mail atau SMS.',
        ],
      ),
      section('3. Pengajuan dan keputusan', [
        'Kami memutuskan pengajuan Anda dalam 1 hari setelah pengajuan diterima dengan lengkap. Kami dapat menyetujui atau menolak pengajuan setelah memeriksa identitas dan riwayat kredit Anda; jika kami menolaknya, kami memberi tahu Anda di aplikasi beserta alasannya.',
        'Jika pinjaman Anda disetujui, dana dikreditkan langsung ke rekening bank Anda sendiri dalam 1 sampai 3 hari kalender setelah persetujuan. Dana tidak pernah melewati rekening penampungan atau rekening penyedia layanan pinjaman (lending service provider) maupun pihak ketiga lainnya.',
      ]),
      section('4. Jangka waktu pinjaman', [
        'Jangka waktu pinjaman adalah 91 sampai 365 hari kalender, dihitung sejak hari dana dicairkan. Jangka waktu yang tepat, tanggal jatuh tempo setiap pembayaran, bunga, dan biaya pinjaman Anda tercantum dalam KFS. Kami tidak pernah menaikkan pinjaman atau batas kredit Anda tanpa persetujuan tegas dari Anda.',
      ]),
      section('5. Pembayaran', [
        'Anda wajib membayar setiap tagihan paling lambat pada tanggal jatuh temponya, melalui metode pembayaran yang tersedia di aplikasi. Pembayaran masuk langsung ke rekening bank kami: jangan pernah membayar ke rekening penyedia layanan pinjaman, agen penagihan, atau perorangan. Pembayaran dianggap dilakukan saat kami menerimanya, dan kami mengonfirmasinya di aplikasi.',
      ]),
      section('6. Masa tinjau (cooling-off)', [
        'Masa tinjau tercantum dalam KFS Anda dan berlangsung paling singkat satu hari sejak pencairan. Selama masa itu Anda dapat keluar dari pinjaman dengan mengembalikan pokok pinjaman dan APR secara proporsional untuk hari-hari dana berada pada Anda, tanpa penalti atau biaya pelunasan dipercepat.',
      ]),
      section('7. Pelunasan lebih awal', [
        'Setelah masa tinjau, Anda dapat melunasi seluruh pinjaman lebih awal setelah separuh jangka waktu pinjaman berlalu, dan tidak lebih awal dari 7 hari setelah pencairan. Aplikasi menampilkan jumlah yang harus dibayar pada hari itu sebelum Anda membayar.',
      ]),
      section(
        '8. Keterlambatan pembayaran',
        [
          'Jika Anda tidak membayar suatu tagihan secara penuh sampai tanggal jatuh temponya, berlaku biaya berikut:',
        ],
        [
          'biaya keterlambatan satu kali sebesar Rs.1,000 untuk nasabah baru, atau Rs.800 untuk nasabah lama;',
          'biaya keterlambatan harian atas jumlah yang terlambat, sebesar yang tercantum dalam KFS Anda, paling tinggi 5% per hari pada hari ke-1 sampai ke-30 setelah jatuh tempo, 4% per hari pada hari ke-31 sampai ke-90, dan 2% per hari sejak hari ke-91.',
        ],
        [
          'Biaya ini adalah penal charges sebagaimana didefinisikan RBI: dikenakan hanya atas jumlah yang terlambat, tidak ditambahkan ke suku bunga, tidak pernah dikapitalisasi, dan tidak dikenai bunga atau biaya lanjutan (tidak berbunga majemuk).',
        ],
      ),
      section('9. Kewajiban Anda', [
        'Anda wajib memberi tahu kami setiap perubahan data pribadi Anda, seperti nama, alamat, nomor ponsel, pemberi kerja, atau rekening bank, dalam 3 hari setelah perubahan. Anda tidak boleh mengalihkan kewajiban Anda berdasarkan Perjanjian ini tanpa persetujuan tertulis dari kami.',
      ]),
      section('10. Penagihan, wanprestasi, dan proses hukum', [
        'Kami menagih jumlah yang terlambat hanya dengan cara yang sah dan sesuai Fair Practices Code. Jika kami menunjuk agen penagihan, kami memberi tahu Anda nama dan kontak agen tersebut lebih dahulu. Kami maupun agen kami tidak melecehkan atau mengancam peminjam, tidak menelepon pada jam yang tidak wajar, dan tidak menghubungi orang-orang dalam daftar kontak ponsel Anda.',
        'Jika Anda tidak membayar, kami dapat menempuh jalur hukum untuk menagih jumlah yang terutang. Jika pengadilan menjatuhkan putusan terhadap Anda, Anda wajib membayar jumlah dalam putusan tersebut dalam 10 hari setelah putusan.',
        'Kami melaporkan pinjaman dan pembayaran Anda kepada perusahaan informasi kredit (credit information companies), sebagaimana diwajibkan hukum.',
      ]),
      section('11. Pengalihan', [
        'Kami dapat mengalihkan hak kami berdasarkan Perjanjian ini kepada entitas lain yang diatur oleh RBI. Kami memberi tahu Anda paling lambat 7 hari kerja sebelum pengalihan berlaku; syarat pinjaman Anda tidak berubah karenanya.',
      ]),
      section('12. Data Anda', [
        'Kami mengumpulkan dan menggunakan data pribadi Anda hanya dengan persetujuan Anda dan sebagaimana dijelaskan dalam kebijakan privasi kami, sesuai Digital Personal Data Protection Act, 2023. Aplikasi tidak mengakses kontak, riwayat panggilan, foto, atau file lain di ponsel Anda. Anda dapat menarik persetujuan dan meminta kami menghapus data Anda, kecuali yang wajib kami simpan menurut hukum.',
      ]),
      section('13. Penanganan pengaduan', [
        'Jika Anda memiliki pengaduan, hubungi layanan pelanggan kami di aplikasi. Jika Anda tidak puas dengan jawabannya, kirimkan pengaduan kepada grievance redressal officer kami, yang nama dan kontaknya tercantum di aplikasi dan dalam KFS Anda.',
        'Jika pengaduan Anda tidak terselesaikan dalam 30 hari, atau Anda tidak puas dengan jawaban kami, Anda dapat mengadu kepada RBI berdasarkan Reserve Bank – Integrated Ombudsman Scheme, 2021, di cms.rbi.org.in.',
      ]),
      section('14. Perubahan Perjanjian', [
        'Kami memberi tahu Anda di aplikasi sebelum perubahan syarat ini berlaku. Perubahan tidak berlaku untuk pinjaman yang sudah Anda miliki kecuali Anda menyetujuinya.',
      ]),
      section('15. Hukum yang berlaku', [
        'Perjanjian ini tunduk pada hukum India, dan pengadilan di India berwenang mengadili setiap sengketa yang timbul darinya.',
      ]),
    ],
  },
};

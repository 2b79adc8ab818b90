import type { Lang } from '../markets.ts';
import { type LegalDocument, section } from './legal-document.ts';

/*
 * LEGAL REVIEW NEEDED: drafted by engineering from the public text of POJK 10/POJK.05/2022 (LPBBTI),
 * SEOJK 19/SEOJK.06/2023 (its implementation: cost caps, collection, three-platform limit), POJK 22/2023
 * (consumer protection), UU 27/2022 (PDP) and UU 24/2009 (language of agreements). Counsel must approve
 * both texts before they are shown to borrowers in production.
 *
 * Indonesia's loan agreement (decision 025): the Indonesian text binds (UU 24/2009 requires an agreement
 * with an Indonesian party in Bahasa Indonesia); the English text is a rendering of it for a borrower in
 * Indonesia who reads English, never India's agreement. Figures a product sets (rates, fees, the cooling-off
 * period) are in the RIPLAY the app shows; the caps stated are the ones the product enforces
 * (`MARKET_CAPS.ID` in shared/domain/product.ts).
 */
export const LOAN_AGREEMENT_ID: Record<Lang, LegalDocument> = {
  id: {
    market: 'ID',
    lang: 'id',
    governingLang: 'id',
    intro: [
      'Syarat dan ketentuan ini merupakan perjanjian pinjaman untuk setiap pendanaan yang Anda terima melalui aplikasi kami di Indonesia. Layanan kami diselenggarakan oleh perusahaan yang namanya tercantum dalam perjanjian Anda, yang berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK).',
      'Syarat ini tunduk pada peraturan perundang-undangan Indonesia, antara lain Peraturan OJK Nomor 10/POJK.05/2022 tentang Layanan Pendanaan Bersama Berbasis Teknologi Informasi (LPBBTI) dan Surat Edaran OJK Nomor 19/SEOJK.06/2023 tentang penyelenggaraannya, Peraturan OJK Nomor 22 Tahun 2023 tentang Pelindungan Konsumen dan Masyarakat di Sektor Jasa Keuangan, serta Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP).',
    ],
    sections: [
      section('Pasal 1. Para pihak', [
        'Perjanjian pendanaan dibuat antara Anda sebagai penerima dana dan pemberi dana, melalui kami sebagai penyelenggara LPBBTI. Identitas pemberi dana dan nomor perjanjian Anda tercantum di aplikasi. Perjanjian ditandatangani secara elektronik dan salinannya dapat Anda unduh kapan saja di aplikasi.',
      ]),
      section(
        'Pasal 2. Siapa yang dapat mengajukan pinjaman',
        ['Anda dapat mengajukan pinjaman jika:'],
        [
          'Anda warga negara Indonesia yang berusia paling rendah 18 tahun atau sudah menikah;',
          'Anda memiliki KTP elektronik yang masih berlaku dan rekening bank atas nama Anda sendiri;',
          'Anda cakap hukum untuk membuat perjanjian;',
          'data yang Anda berikan dalam pengajuan benar, lengkap, dan milik Anda sendiri;',
          'dengan pinjaman ini, Anda tidak menerima pendanaan dari lebih dari 3 penyelenggara LPBBTI, termasuk kami.',
        ],
      ),
      section(
        'Pasal 3. Ringkasan informasi produk',
        [
          'Sebelum Anda menyetujui pinjaman, aplikasi menampilkan Ringkasan Informasi Produk dan Layanan (RIPLAY) dalam Bahasa Indonesia dan dalam Rupiah, yang memuat:',
        ],
        [
          'jumlah pokok pinjaman, jumlah yang Anda terima, dan jangka waktunya;',
          'manfaat ekonomi, yaitu bunga, biaya administrasi, dan biaya lain, masing-masing dengan namanya;',
          'denda keterlambatan;',
          'jumlah yang harus Anda bayar dan jadwal pembayarannya;',
          'masa pertimbangan (lihat Pasal 7);',
          'cara menyampaikan pengaduan.',
        ],
        [
          'Kami tidak memungut biaya apa pun yang tidak tercantum dalam RIPLAY dan perjanjian Anda. Pinjaman baru berlaku setelah Anda menyetujuinya secara elektronik.',
        ],
      ),
      section(
        'Pasal 4. Manfaat ekonomi, denda, dan batas maksimumnya',
        [
          'Besaran manfaat ekonomi dan denda keterlambatan ditetapkan untuk setiap produk dan tercantum dalam RIPLAY pinjaman Anda. Sesuai SEOJK 19/SEOJK.06/2023, besaran tersebut tidak melebihi batas maksimum harian yang ditetapkan OJK untuk LPBBTI:',
        ],
        [
          'manfaat ekonomi (bunga dan seluruh biaya) paling tinggi 0,1% per hari dari pokok pinjaman, selama jangka waktu pinjaman;',
          'denda keterlambatan paling tinggi 0,1% per hari dari jumlah yang terlambat;',
          'jumlah seluruh manfaat ekonomi, denda keterlambatan, dan biaya lain yang Anda bayar paling banyak 100% dari pokok pinjaman yang tercantum dalam perjanjian.',
        ],
        ['Denda keterlambatan tidak ditambahkan ke pokok pinjaman dan tidak dikenai bunga.'],
      ),
      section('Pasal 5. Pencairan', [
        'Dana pinjaman dicairkan langsung ke rekening bank atas nama Anda yang terdaftar di aplikasi, sebesar jumlah yang tercantum dalam RIPLAY. Kami memberi tahu Anda melalui aplikasi segera setelah dana dicairkan.',
      ]),
      section('Pasal 6. Pembayaran', [
        'Anda wajib membayar setiap tagihan paling lambat pada tanggal jatuh temponya, dalam Rupiah, melalui nomor virtual account atau gerai ritel yang ditampilkan di aplikasi. Jangan membayar ke rekening pribadi siapa pun, termasuk yang mengaku sebagai petugas kami. Pembayaran dianggap diterima saat dana masuk ke rekening penampungan kami, dan bukti pembayaran tersedia di aplikasi.',
      ]),
      section('Pasal 7. Masa pertimbangan dan pembatalan', [
        'Dalam masa pertimbangan yang tercantum dalam RIPLAY, terhitung sejak dana dicairkan, Anda dapat membatalkan pinjaman dengan mengembalikan pokok pinjaman tanpa denda atau biaya pembatalan. Manfaat ekonomi hanya dihitung untuk hari dana berada pada Anda, sebagaimana tercantum dalam RIPLAY.',
      ]),
      section('Pasal 8. Pelunasan dipercepat', [
        'Anda dapat melunasi seluruh pinjaman sebelum jatuh tempo tanpa penalti. Manfaat ekonomi dihitung hanya sampai tanggal pelunasan, dan aplikasi menampilkan jumlahnya sebelum Anda membayar.',
      ]),
      section(
        'Pasal 9. Keterlambatan dan penagihan',
        [
          'Jika pembayaran terlambat, denda keterlambatan dihitung per hari atas jumlah yang terlambat sebesar yang tercantum dalam RIPLAY, dalam batas yang diatur pada Pasal 4. Penagihan dilakukan sesuai POJK 22/2023 dan SEOJK 19/SEOJK.06/2023, oleh kami atau oleh tenaga penagih bersertifikat yang bertindak atas nama kami. Dalam menagih, kami dan tenaga penagih:',
        ],
        [
          'tidak menggunakan ancaman, kekerasan, atau tindakan yang mempermalukan Anda;',
          'tidak menagih dengan tekanan fisik maupun verbal;',
          'hanya menagih kepada Anda, tidak kepada kontak di ponsel Anda atau pihak lain yang tidak berutang;',
          'hanya menghubungi Anda pada hari Senin sampai Sabtu di luar hari libur nasional, pukul 08.00 sampai 20.00 waktu setempat di alamat Anda, kecuali atas persetujuan Anda.',
        ],
      ),
      section('Pasal 10. Kewajiban Anda', [
        'Anda wajib memberikan data yang benar dan memberi tahu kami melalui aplikasi setiap perubahan nama, alamat, nomor ponsel, pekerjaan, atau rekening bank Anda. Anda tidak boleh mengalihkan kewajiban Anda kepada pihak lain tanpa persetujuan tertulis dari kami.',
      ]),
      section(
        'Pasal 11. Data pribadi',
        [
          'Kami memproses data pribadi Anda berdasarkan persetujuan Anda dan sesuai UU PDP serta kebijakan privasi kami. Aplikasi hanya mengakses kamera, mikrofon, dan lokasi perangkat Anda, dan hanya dengan izin Anda; aplikasi tidak pernah membaca kontak, riwayat panggilan, atau galeri Anda. Sesuai UU PDP, Anda berhak:',
        ],
        [
          'mendapatkan akses dan salinan data pribadi Anda;',
          'memperbaiki atau memperbarui data yang tidak akurat;',
          'meminta penghapusan data yang tidak lagi diperlukan, kecuali yang wajib kami simpan menurut hukum;',
          'menarik kembali persetujuan dan menyatakan keberatan atas pemrosesan tertentu.',
        ],
        [
          'Data pinjaman dan pembayaran Anda kami laporkan ke pusat data yang ditetapkan OJK dan ke lembaga informasi keuangan yang berizin, sesuai ketentuan.',
        ],
      ),
      section('Pasal 12. Pengaduan', [
        'Sampaikan pengaduan melalui menu Pengaduan di aplikasi. Kami mencatat setiap pengaduan, memberi Anda nomor pengaduan, menanggapinya dalam 3 hari kerja, dan menyelesaikannya paling lama 10 hari kerja, yang dapat diperpanjang paling lama 10 hari kerja berikutnya sesuai POJK 22/2023.',
        'Jika Anda tidak puas, Anda dapat mengadu kepada OJK melalui Kontak OJK 157 (telepon 157, WhatsApp 081 157 157 157, e-mail konsumen@ojk.go.id) atau Aplikasi Portal Perlindungan Konsumen (APPK) OJK.',
      ]),
      section('Pasal 13. Penyelesaian sengketa', [
        'Sengketa diselesaikan lebih dahulu secara musyawarah melalui layanan pengaduan kami. Jika tidak tercapai kesepakatan, Anda dapat memilih penyelesaian di luar pengadilan melalui Lembaga Alternatif Penyelesaian Sengketa Sektor Jasa Keuangan (LAPS SJK) atau Badan Penyelesaian Sengketa Konsumen (BPSK), atau melalui Pengadilan Negeri di wilayah tempat tinggal Anda.',
      ]),
      section('Pasal 14. Pengalihan', [
        'Hak tagih atas pinjaman Anda dapat dialihkan kepada pihak lain sesuai ketentuan OJK. Kami memberi tahu Anda secara tertulis melalui aplikasi sebelum pengalihan berlaku; syarat pinjaman Anda tidak berubah karenanya.',
      ]),
      section('Pasal 15. Perubahan syarat', [
        'Kami memberi tahu Anda melalui aplikasi sebelum perubahan syarat ini berlaku. Perubahan tidak berlaku untuk pinjaman yang sedang berjalan tanpa persetujuan Anda.',
      ]),
      section('Pasal 16. Bahasa dan hukum yang berlaku', [
        'Syarat dan ketentuan ini dibuat dalam Bahasa Indonesia sesuai Undang-Undang Nomor 24 Tahun 2009 dan tunduk pada hukum Republik Indonesia. Terjemahan dalam bahasa lain hanya untuk memudahkan; jika ada perbedaan, teks Bahasa Indonesia yang berlaku.',
      ]),
    ],
  },
  en: {
    market: 'ID',
    lang: 'en',
    governingLang: 'id',
    intro: [
      'This is an English rendering of our loan agreement in Indonesia, provided for your convenience. The agreement is made in Bahasa Indonesia; if the two texts differ, the Indonesian text prevails.',
      'These terms and conditions form the loan agreement for every loan you receive through our app in Indonesia. Our service is operated by the company named in your agreement, which is licensed and supervised by the Financial Services Authority (Otoritas Jasa Keuangan, OJK).',
      'These terms are governed by Indonesian law, including OJK Regulation No. 10/POJK.05/2022 on Information Technology-Based Joint Funding Services (LPBBTI) and OJK Circular Letter No. 19/SEOJK.06/2023 on their operation, OJK Regulation No. 22 of 2023 on Consumer and Public Protection in the Financial Services Sector, and Law No. 27 of 2022 on Personal Data Protection (UU PDP).',
    ],
    sections: [
      section('Article 1. The parties', [
        'The funding agreement is made between you, as the recipient of the funds, and the funder, through us as the LPBBTI operator. The funder’s identity and your agreement number are shown in the app. The agreement is signed electronically, and you can download a copy in the app at any time.',
      ]),
      section(
        'Article 2. Who can apply',
        ['You may apply for a loan if:'],
        [
          'you are an Indonesian citizen aged at least 18 or married;',
          'you hold a valid electronic identity card (KTP-el) and a bank account in your own name;',
          'you have the legal capacity to enter into an agreement;',
          'the information you give in your application is true, complete and your own;',
          'with this loan, you do not receive funding from more than 3 LPBBTI operators, including us.',
        ],
      ),
      section(
        'Article 3. Product summary',
        [
          'Before you accept a loan, the app shows you the Product and Service Information Summary (RIPLAY) in Bahasa Indonesia and in rupiah. It states:',
        ],
        [
          'the principal, the amount you receive and the term;',
          'the economic benefit, meaning the interest, the administration fee and any other fee, each by name;',
          'the late charge;',
          'the amount you must repay and the repayment schedule;',
          'the cooling-off period (see Article 7);',
          'how to make a complaint.',
        ],
        [
          'We charge no fee that is not stated in the RIPLAY and your agreement. A loan takes effect only once you accept it electronically.',
        ],
      ),
      section(
        'Article 4. Economic benefit, late charges and their caps',
        [
          'The economic benefit and the late charge are set for each product and stated in the RIPLAY of your loan. Under SEOJK 19/SEOJK.06/2023 they do not exceed the daily caps OJK sets for LPBBTI:',
        ],
        [
          'the economic benefit (interest and every fee) at most 0.1% of the principal per day of the loan term;',
          'the late charge at most 0.1% per day of the overdue amount;',
          'all the economic benefit, late charges and other costs you pay together at most 100% of the principal stated in the agreement.',
        ],
        ['Late charges are not added to the principal and bear no interest.'],
      ),
      section('Article 5. Disbursement', [
        'The loan is paid directly into the bank account in your name registered in the app, in the amount stated in the RIPLAY. We tell you in the app as soon as the money has been sent.',
      ]),
      section('Article 6. Repayment', [
        'You must pay each bill by its due date, in rupiah, through the virtual account number or the retail outlet shown in the app. Never pay into anyone’s personal account, including someone who claims to be our staff. A payment counts as received when the money reaches our collection account, and its receipt is available in the app.',
      ]),
      section('Article 7. Cooling-off period and cancellation', [
        'During the cooling-off period stated in the RIPLAY, counted from disbursement, you may cancel the loan by returning the principal, with no late charge or cancellation fee. The economic benefit is charged only for the days you had the money, as stated in the RIPLAY.',
      ]),
      section('Article 8. Early repayment', [
        'You may repay the whole loan before its due date without penalty. The economic benefit is charged only up to the day you repay, and the app shows the amount before you pay.',
      ]),
      section(
        'Article 9. Late payment and collection',
        [
          'If a payment is late, a daily late charge on the overdue amount applies at the rate stated in the RIPLAY, within the caps of Article 4. Collection follows POJK 22/2023 and SEOJK 19/SEOJK.06/2023 and is done by us or by certified collectors acting for us. When collecting, we and our collectors:',
        ],
        [
          'never use threats, violence or anything meant to shame you;',
          'never apply physical or verbal pressure;',
          'collect only from you, never from the contacts in your phone or others who owe nothing;',
          'contact you only Monday to Saturday outside national holidays, between 08:00 and 20:00 local time at your address, unless you agree otherwise.',
        ],
      ),
      section('Article 10. Your obligations', [
        'You must give us true information and tell us in the app about any change to your name, address, mobile number, occupation or bank account. You may not transfer your obligations to anyone else without our written consent.',
      ]),
      section(
        'Article 11. Personal data',
        [
          'We process your personal data on the basis of your consent, in line with UU PDP and our privacy policy. The app uses your device’s camera, microphone and location only, and only with your permission; it never reads your contacts, call logs or gallery. Under UU PDP you have the right to:',
        ],
        [
          'access your personal data and obtain a copy;',
          'correct or update inaccurate data;',
          'ask for data that is no longer needed to be deleted, except what the law requires us to keep;',
          'withdraw your consent and object to particular processing.',
        ],
        [
          'We report your loan and repayment data to the data centre OJK designates and to licensed financial information bureaus, as the rules require.',
        ],
      ),
      section('Article 12. Complaints', [
        'Make a complaint through the Complaints menu in the app. We record every complaint, give you its number, reply within 3 working days, and resolve it within 10 working days, which may be extended by at most 10 more working days under POJK 22/2023.',
        'If you are not satisfied, you may complain to OJK through Kontak OJK 157 (telephone 157, WhatsApp 081 157 157 157, e-mail konsumen@ojk.go.id) or OJK’s Consumer Protection Portal (APPK).',
      ]),
      section('Article 13. Disputes', [
        'A dispute is first settled by discussion through our complaints service. If no agreement is reached, you may choose out-of-court settlement through the Financial Services Sector Alternative Dispute Resolution Institution (LAPS SJK) or the Consumer Dispute Settlement Body (BPSK), or go to the District Court (Pengadilan Negeri) where you live.',
      ]),
      section('Article 14. Assignment', [
        'The right to collect your loan may be transferred to another party in line with OJK rules. We tell you in writing in the app before a transfer takes effect; the terms of your loan do not change because of it.',
      ]),
      section('Article 15. Changes to these terms', [
        'We tell you in the app before a change to these terms takes effect. A change does not apply to a running loan without your consent.',
      ]),
      section('Article 16. Language and governing law', [
        'These terms are made in Bahasa Indonesia as Law No. 24 of 2009 requires, and are governed by the laws of the Republic of Indonesia. A text in another language is for convenience only; if the texts differ, the Indonesian text prevails.',
      ]),
    ],
  },
};

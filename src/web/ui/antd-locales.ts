// biome-ignore-all lint/suspicious/noTemplateCurlyInString: antd-mobile fills `${label}`-style placeholders itself.
import type { Locale } from 'antd-mobile/es/locales/base';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Lang } from '../../shared/markets.ts';

const typeTemplate = '${label} bukan ${type} yang valid';

/**
 * antd-mobile's labels in Indonesian. The bundled `id-ID` locale misses keys (they would show in
 * English) and reads oddly ("Saya mendapatkannya" for OK), so we keep our own, checked against the
 * library's `Locale` type so a new key in an upgrade fails the type check instead of showing English.
 */
export const idLocale: Locale = {
  locale: 'id-ID',
  common: { confirm: 'Konfirmasi', cancel: 'Batal', loading: 'Memuat', close: 'Tutup' },
  Calendar: {
    title: 'Pilih tanggal',
    confirm: 'Konfirmasi',
    start: 'mulai',
    end: 'selesai',
    startAndEnd: 'mulai/selesai',
    today: 'hari ini',
    markItems: ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'],
    yearAndMonth: '${month}/${year}',
  },
  Cascader: { placeholder: 'Silakan pilih' },
  Dialog: { ok: 'OK' },
  DatePicker: { tillNow: 'Sampai sekarang' },
  ErrorBlock: {
    default: { title: 'Maaf, terjadi kesalahan', description: 'Silakan tunggu sebentar lalu coba lagi' },
    busy: { title: 'Maaf, halaman belum termuat', description: 'Coba muat ulang halaman' },
    disconnected: { title: 'Jaringan sedang sibuk', description: 'Coba muat ulang halaman' },
    empty: { title: 'Tidak ada yang ditemukan', description: 'Coba cari dengan kata lain' },
  },
  Form: {
    required: 'Wajib',
    optional: 'Opsional',
    defaultValidateMessages: {
      default: 'Isian ${label} tidak valid',
      required: 'Silakan isi ${label}',
      enum: '${label} harus salah satu dari [${enum}]',
      whitespace: '${label} tidak boleh kosong',
      date: {
        format: 'Format tanggal ${label} tidak valid',
        parse: '${label} tidak dapat diubah menjadi tanggal',
        invalid: '${label} bukan tanggal yang valid',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: '${label} harus ${len} karakter',
        min: '${label} minimal ${min} karakter',
        max: '${label} maksimal ${max} karakter',
        range: '${label} harus antara ${min}-${max} karakter',
      },
      number: {
        len: '${label} harus sama dengan ${len}',
        min: '${label} minimal ${min}',
        max: '${label} maksimal ${max}',
        range: '${label} harus antara ${min}-${max}',
      },
      array: {
        len: 'Harus ${len} ${label}',
        min: 'Minimal ${min} ${label}',
        max: 'Maksimal ${max} ${label}',
        range: 'Jumlah ${label} harus antara ${min}-${max}',
      },
      pattern: { mismatch: '${label} tidak sesuai dengan pola ${pattern}' },
    },
  },
  ImageUploader: { uploading: 'Mengunggah…', upload: 'Unggah' },
  InfiniteScroll: { noMore: 'Tidak ada lagi', failedToLoad: 'Gagal memuat', retry: 'Coba lagi' },
  Input: { clear: 'hapus' },
  Mask: { name: 'Lapisan latar' },
  Modal: { ok: 'OK' },
  NumberKeyboard: { backspace: 'hapus' },
  PasscodeInput: { name: 'Isian kode sandi' },
  PullToRefresh: {
    pulling: 'Tarik ke bawah untuk memuat ulang',
    canRelease: 'Lepaskan untuk memuat ulang',
    complete: 'Berhasil dimuat ulang',
  },
  SearchBar: { name: 'Kolom pencarian' },
  Slider: { name: 'Penggeser' },
  Stepper: { decrease: 'kurangi', increase: 'tambah' },
  Switch: { name: 'Sakelar' },
  Selector: { name: 'Pilihan' },
};

/** antd-mobile's own labels (Dialog buttons, pickers…) in the session language, never its Chinese default. */
export function antdLocale(lang: Lang): Locale {
  return lang === 'id' ? idLocale : enUS;
}

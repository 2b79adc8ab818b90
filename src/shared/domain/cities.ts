import type { Market } from '../markets.ts';

/**
 * The cities a borrower picks from on the personal step (issue 30, decision 064): India's states with their
 * main cities, Indonesia's provinces with their main regencies and cities (kabupaten/kota). A compact list
 * of the most populous places, not the full census list: a borrower elsewhere picks the nearest city of
 * their state or province ("Other" is each region's last entry). Codes are stable; names are as each
 * market writes them (the same in both languages).
 */
export interface Region {
  code: string;
  name: string;
  cities: ReadonlyArray<{ code: string; name: string }>;
}

const region = (code: string, name: string, cities: string[]): Region => ({
  code,
  name,
  cities: [...cities, 'Other'].map((city) => ({
    code: `${code}-${city.toUpperCase().replace(/[^A-Z]+/g, '')}`,
    name: city,
  })),
});

export const REGIONS: Record<Market, readonly Region[]> = {
  IN: [
    region('AP', 'Andhra Pradesh', ['Visakhapatnam', 'Vijayawada', 'Guntur']),
    region('BR', 'Bihar', ['Patna', 'Gaya']),
    region('DL', 'Delhi', ['New Delhi']),
    region('GJ', 'Gujarat', ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot']),
    region('HR', 'Haryana', ['Gurugram', 'Faridabad']),
    region('KA', 'Karnataka', ['Bengaluru', 'Mysuru', 'Hubballi', 'Mangaluru']),
    region('KL', 'Kerala', ['Thiruvananthapuram', 'Kochi', 'Kozhikode']),
    region('MP', 'Madhya Pradesh', ['Indore', 'Bhopal', 'Jabalpur']),
    region('MH', 'Maharashtra', ['Mumbai', 'Pune', 'Nagpur', 'Thane', 'Nashik']),
    region('RJ', 'Rajasthan', ['Jaipur', 'Jodhpur', 'Kota']),
    region('TN', 'Tamil Nadu', ['Chennai', 'Coimbatore', 'Madurai']),
    region('TG', 'Telangana', ['Hyderabad', 'Warangal']),
    region('UP', 'Uttar Pradesh', ['Lucknow', 'Kanpur', 'Noida', 'Varanasi', 'Agra']),
    region('WB', 'West Bengal', ['Kolkata', 'Howrah', 'Siliguri']),
  ],
  ID: [
    region('11', 'Aceh', ['Kota Banda Aceh', 'Kabupaten Aceh Utara']),
    region('12', 'Sumatera Utara', ['Kota Medan', 'Kabupaten Deli Serdang']),
    region('13', 'Sumatera Barat', ['Kota Padang']),
    region('16', 'Sumatera Selatan', ['Kota Palembang']),
    region('31', 'DKI Jakarta', [
      'Kota Jakarta Pusat',
      'Kota Jakarta Utara',
      'Kota Jakarta Barat',
      'Kota Jakarta Selatan',
      'Kota Jakarta Timur',
    ]),
    region('32', 'Jawa Barat', ['Kota Bandung', 'Kota Bekasi', 'Kota Depok', 'Kabupaten Bogor']),
    region('33', 'Jawa Tengah', ['Kota Semarang', 'Kota Surakarta']),
    region('34', 'DI Yogyakarta', ['Kota Yogyakarta', 'Kabupaten Sleman']),
    region('35', 'Jawa Timur', ['Kota Surabaya', 'Kota Malang', 'Kabupaten Sidoarjo']),
    region('36', 'Banten', ['Kota Tangerang', 'Kota Tangerang Selatan', 'Kota Serang']),
    region('51', 'Bali', ['Kota Denpasar', 'Kabupaten Badung']),
    region('64', 'Kalimantan Timur', ['Kota Samarinda', 'Kota Balikpapan']),
    region('73', 'Sulawesi Selatan', ['Kota Makassar']),
  ],
};

/** The region and city of `cityCode` in the market, or null when the market has no such city. */
export function findCity(market: Market, cityCode: string): { region: Region; city: string } | null {
  for (const r of REGIONS[market]) {
    const c = r.cities.find((x) => x.code === cityCode);
    if (c) return { region: r, city: c.name };
  }
  return null;
}

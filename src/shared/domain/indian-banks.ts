/**
 * The bank an IFSC belongs to, by its first four letters (RBI's bank code), for the banks most Indian
 * salaries are paid into. An IFSC of another bank is still valid: the screen then shows the IFSC itself,
 * which the borrower typed and recognises.
 */
const BANKS_BY_IFSC_PREFIX: Readonly<Record<string, string>> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  BKID: 'Bank of India',
  IDIB: 'Indian Bank',
  IOBA: 'Indian Overseas Bank',
  MAHB: 'Bank of Maharashtra',
  CBIN: 'Central Bank of India',
  UCBA: 'UCO Bank',
  PSIB: 'Punjab & Sind Bank',
  YESB: 'Yes Bank',
  IDFB: 'IDFC FIRST Bank',
  INDB: 'IndusInd Bank',
  FDRL: 'Federal Bank',
  AUBL: 'AU Small Finance Bank',
  KARB: 'Karnataka Bank',
  SIBL: 'South Indian Bank',
  RATN: 'RBL Bank',
  IBKL: 'IDBI Bank',
};

export function bankOfIfsc(ifsc: string): string | null {
  return BANKS_BY_IFSC_PREFIX[ifsc.slice(0, 4).toUpperCase()] ?? null;
}

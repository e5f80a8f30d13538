/**
 * The people and organizations of the demo world beyond the three demo users (seed/demo.ts):
 * the appraisal company's names, its staff and panel, the two lenders with their offices,
 * branches and users, and the borrowers whose homes are appraised. Names and street
 * addresses are invented; cities and ZIP codes are real (demo-places.ts).
 */
export interface Office {
  address_one: string;
  address_two: string | null;
  city: string;
  state: string;
  zip: string;
}

export const COMPANY = {
  name: 'Lone Star Appraisal Management',
  office: {
    address_one: '9600 Great Hills Trl',
    address_two: 'Suite 150W',
    city: 'Austin',
    state: 'TX',
    zip: '78759',
  },
} as const;

/** Staff of the company besides Sam Staffer (the demo staff user, its admin). */
export const STAFF = [
  { first: 'Maria', last: 'Gonzalez', title: 'Order Coordinator' },
  { first: 'Derek', last: 'Chen', title: 'Quality Control Reviewer' },
  { first: 'Priya', last: 'Patel', title: 'Client Relations Manager' },
] as const;

/**
 * The panel: each appraiser works one county (the first is Avery Appraiser, the demo
 * appraiser user). The schema keeps no coverage area, so the county shows in the title and in
 * the orders each is offered (always in their county).
 */
export const PANEL: readonly { first: string; last: string; license: string; county: string }[] = [
  { first: 'Avery', last: 'Appraiser', license: 'Certified Residential', county: '48453' },
  { first: 'Elena', last: 'Ramirez', license: 'Certified Residential', county: '48453' },
  { first: 'Thomas', last: 'Whitfield', license: 'Certified General', county: '48453' },
  { first: 'Grace', last: 'Nakamura', license: 'Licensed Residential', county: '48453' },
  { first: 'Robert', last: 'Castillo', license: 'Certified Residential', county: '48453' },
  { first: 'Megan', last: "O'Brien", license: 'Certified Residential', county: '48491' },
  { first: 'Daniel', last: 'Okafor', license: 'Certified Residential', county: '48491' },
  { first: 'Laura', last: 'Schmidt', license: 'Licensed Residential', county: '48491' },
  { first: 'Carlos', last: 'Mendoza', license: 'Certified Residential', county: '48209' },
  { first: 'Rebecca', last: 'Hale', license: 'Certified Residential', county: '48209' },
  { first: 'Luis', last: 'Garza', license: 'Certified Residential', county: '48029' },
  { first: 'Amanda', last: 'Trevino', license: 'Certified General', county: '48029' },
  { first: 'Kevin', last: 'Delgado', license: 'Certified Residential', county: '48029' },
  { first: 'Sarah', last: 'Lindqvist', license: 'Licensed Residential', county: '48029' },
  { first: 'James', last: 'Broussard', license: 'Certified Residential', county: '48201' },
  { first: 'Nicole', last: 'Washington', license: 'Certified Residential', county: '48201' },
  { first: 'Andrew', last: 'Nguyen', license: 'Certified General', county: '48201' },
  { first: 'Patricia', last: 'Morales', license: 'Certified Residential', county: '48201' },
  { first: 'William', last: 'Fontenot', license: 'Licensed Residential', county: '48201' },
  { first: 'Jessica', last: 'Park', license: 'Certified Residential', county: '48113' },
  { first: 'Michael', last: 'Sullivan', license: 'Certified Residential', county: '48113' },
  { first: 'Stephanie', last: 'Reyes', license: 'Certified General', county: '48113' },
  { first: 'Christopher', last: 'Boyd', license: 'Licensed Residential', county: '48113' },
  { first: 'Ashley', last: 'Kowalski', license: 'Certified Residential', county: '48085' },
  { first: 'Brian', last: 'Henderson', license: 'Certified Residential', county: '48085' },
  { first: 'Olga', last: 'Petrova', license: 'Certified Residential', county: '48085' },
  { first: 'Tyler', last: 'Jamison', license: 'Licensed Residential', county: '48085' },
  { first: 'Monica', last: 'Salinas', license: 'Certified Residential', county: '48453' },
];

export interface LenderUser {
  first: string;
  last: string;
  title: string;
  admin: boolean;
  /** Index into the lender's branches; null: no branch (sees by the lender's setting alone). */
  branch: number | null;
}

export interface Lender {
  name: string;
  office: Office;
  /** Who of the lender sees which orders (policy/order-access.ts); its admins see all. */
  visibility: 'all' | 'branch' | 'own';
  /** The company's settings for the lender (company_clients). */
  clientReviewRequired: boolean;
  paysFirst: boolean;
  branches: readonly string[];
  /** Counties where the lender's loans are. */
  counties: readonly string[];
  users: readonly LenderUser[];
}

/**
 * The first lender is the demo client (its users Casey Client, Lou Officer and Pat Processor
 * are seed/demo.ts's; their branches are set here); the second reviews every report before
 * it is completed and pays before assignment when it pays by card or link.
 */
export const LENDERS: readonly [Lender, Lender] = [
  {
    name: 'Hill Country Home Loans',
    office: {
      address_one: '401 Congress Ave',
      address_two: 'Suite 1540',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
    visibility: 'branch',
    clientReviewRequired: false,
    paysFirst: false,
    branches: ['Main Street Branch', 'Round Rock Branch', 'San Antonio Branch'],
    counties: ['48453', '48491', '48209', '48029'],
    users: [
      { first: 'Jordan', last: 'Ellis', title: 'Loan Officer', admin: false, branch: 1 },
      { first: 'Tanya', last: 'Brooks', title: 'Processor', admin: false, branch: 2 },
      { first: 'Marcus', last: 'Reed', title: 'Branch Manager', admin: false, branch: 2 },
      { first: 'Helen', last: 'Vasquez', title: 'Underwriter', admin: false, branch: null },
    ],
  },
  {
    name: 'Gulf Coast Mortgage & Trust Company of Texas',
    office: {
      address_one: '1200 Smith St',
      address_two: 'Suite 2400, Attn: Appraisal Desk',
      city: 'Houston',
      state: 'TX',
      zip: '77002',
    },
    visibility: 'own',
    clientReviewRequired: true,
    paysFirst: true,
    branches: ['Galleria Branch', 'Uptown Dallas Branch', 'Plano Branch'],
    counties: ['48201', '48113', '48085'],
    users: [
      { first: 'Rachel', last: 'Kim', title: 'Client Manager', admin: true, branch: null },
      { first: 'Victor', last: 'Alvarez', title: 'Loan Officer', admin: false, branch: 0 },
      { first: 'Hannah', last: 'Wright', title: 'Processor', admin: false, branch: 1 },
      { first: 'Ben', last: 'Foster', title: 'Loan Officer', admin: false, branch: 2 },
      { first: 'Olivia', last: 'Turner', title: 'Closing Coordinator', admin: false, branch: 0 },
    ],
  },
];

export const BORROWER_FIRST = [
  'Emily',
  'Michael',
  'Sofia',
  'David',
  'Aisha',
  'Matthew',
  'Isabella',
  'Joshua',
  'Mia',
  'Ethan',
  'Chloe',
  'Nathan',
  'Priyanka',
  'Gabriel',
  'Hannah',
  'Samuel',
  'Lucia',
  'Benjamin',
  'Zoe',
  'Anthony',
  'Grace',
  'Diego',
  'Natalie',
  'Kwame',
  'Rosa',
  'Trevor',
  'Mei',
  'Caleb',
  'Fatima',
  'Logan',
] as const;

export const BORROWER_LAST = [
  'Anderson',
  'Bautista',
  'Coleman',
  'Dominguez',
  'Ellison',
  'Fitzgerald',
  'Guerrero',
  'Holloway',
  'Ibarra',
  'Jefferson',
  'Kaplan',
  'Lopez',
  'McAllister',
  'Novak',
  'Ochoa',
  'Pham',
  'Quintero',
  'Richardson',
  'Stewart',
  'Tran',
  'Underwood',
  'Villarreal',
  'Whitaker',
  'Yang',
  'Zamora',
  'Abernathy',
  'Montgomery-Villanueva',
] as const;

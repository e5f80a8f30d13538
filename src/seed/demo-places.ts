/**
 * Where the demo world's properties are: seven Texas counties around the two lenders' markets,
 * each with real cities, ZIP codes that the ZIP data files under that county first (so the
 * county the service would derive from the ZIP is the one named here: demo-world.test.ts
 * checks), and streets of those cities. House numbers are made up.
 */
export interface DemoCounty {
  /** 5-digit FIPS id (src/reference/geography.ts). */
  id: string;
  name: string;
  cities: { city: string; zips: readonly string[]; streets: readonly string[] }[];
}

export const DEMO_STATE_ID = '48'; // Texas

export const DEMO_COUNTIES: readonly DemoCounty[] = [
  {
    id: '48453',
    name: 'Travis County',
    cities: [
      {
        city: 'Austin',
        zips: ['78701', '78702', '78703', '78704', '78705', '78723', '78745', '78748', '78751', '78757'],
        streets: [
          'Congress Ave',
          'Barton Springs Rd',
          'W Lynn St',
          'S Lamar Blvd',
          'Duval St',
          'Manor Rd',
          'Westgate Blvd',
          'Brodie Ln',
          'Avenue F',
          'Shoal Creek Blvd',
          'E Cesar Chavez St',
          'Windsor Rd',
        ],
      },
    ],
  },
  {
    id: '48491',
    name: 'Williamson County',
    cities: [
      {
        city: 'Round Rock',
        zips: ['78664', '78665', '78681'],
        streets: ['Sam Bass Rd', 'Gattis School Rd', 'Red Bud Ln', 'Creek Bend Blvd'],
      },
      {
        city: 'Georgetown',
        zips: ['78626', '78628'],
        streets: ['S Austin Ave', 'Williams Dr', 'River Bend Dr', 'Shell Rd'],
      },
      { city: 'Leander', zips: ['78641'], streets: ['Crystal Falls Pkwy', 'Bagdad Rd', 'Hero Way'] },
    ],
  },
  {
    id: '48209',
    name: 'Hays County',
    cities: [
      {
        city: 'San Marcos',
        zips: ['78666'],
        streets: ['Hopkins St', 'Craddock Ave', 'Wonder World Dr', 'Post Rd'],
      },
      {
        city: 'Dripping Springs',
        zips: ['78620'],
        streets: ['Mercer St', 'Founders Park Rd', 'Sportsplex Dr'],
      },
    ],
  },
  {
    id: '48029',
    name: 'Bexar County',
    cities: [
      {
        city: 'San Antonio',
        zips: ['78209', '78212', '78216', '78230', '78240', '78249', '78258'],
        streets: [
          'Broadway',
          'McCullough Ave',
          'Blanco Rd',
          'Vance Jackson Rd',
          'Wurzbach Rd',
          'Babcock Rd',
          'Stone Oak Pkwy',
          'Hildebrand Ave',
        ],
      },
    ],
  },
  {
    id: '48201',
    name: 'Harris County',
    cities: [
      {
        city: 'Houston',
        zips: ['77005', '77006', '77007', '77008', '77019', '77024', '77025', '77056', '77079', '77098'],
        streets: [
          'Westheimer Rd',
          'Montrose Blvd',
          'Heights Blvd',
          'Memorial Dr',
          'Kirby Dr',
          'Bellaire Blvd',
          'Woodway Dr',
          'Shepherd Dr',
          'Dunlavy St',
          'Washington Ave',
        ],
      },
    ],
  },
  {
    id: '48113',
    name: 'Dallas County',
    cities: [
      {
        city: 'Dallas',
        zips: ['75205', '75206', '75214', '75218', '75225', '75230'],
        streets: [
          'Mockingbird Ln',
          'Gaston Ave',
          'Lovers Ln',
          'Abrams Rd',
          'Preston Rd',
          'Greenville Ave',
          'Swiss Ave',
        ],
      },
      { city: 'Garland', zips: ['75040'], streets: ['Glenbrook Dr', 'Forest Ln', 'Naaman School Rd'] },
    ],
  },
  {
    id: '48085',
    name: 'Collin County',
    cities: [
      { city: 'Plano', zips: ['75023', '75025', '75093'], streets: ['Legacy Dr', 'Custer Rd', 'Park Blvd'] },
      { city: 'McKinney', zips: ['75070'], streets: ['Eldorado Pkwy', 'Virginia Pkwy', 'Stacy Rd'] },
      { city: 'Allen', zips: ['75002'], streets: ['Bethany Dr', 'Main St', 'Exchange Pkwy'] },
    ],
  },
];

export const countyById = (id: string): DemoCounty => {
  const county = DEMO_COUNTIES.find((c) => c.id === id);
  if (!county) throw new Error(`demo world: no county ${id}`);
  return county;
};

// The words the demo data is made of (npm run seed:demo): US names, places, occupations, and phrases
// that fit each issue category. Plain data: the plan (plan.ts) picks from it with a seeded PRNG.
import type { TIssue } from '@civic/contracts';

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
  'George', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy',
  'Jacob', 'Amy', 'Nicholas', 'Kathleen', 'Gary', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma',
  'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha',
  'Benjamin', 'Katherine', 'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel', 'Patrick', 'Carolyn',
  'Frank', 'Janet', 'Raymond', 'Maria', 'Jack', 'Olivia', 'Dennis', 'Heather', 'Jerry', 'Helen',
  'Tyler', 'Catherine', 'Aaron', 'Diane', 'Jose', 'Julie', 'Adam', 'Victoria', 'Nathan', 'Joyce',
  'Henry', 'Lauren', 'Zachary', 'Kelly', 'Douglas', 'Christina', 'Peter', 'Ruth', 'Kyle', 'Joan',
  'Noah', 'Virginia', 'Ethan', 'Judith', 'Jeremy', 'Evelyn', 'Christian', 'Hannah', 'Walter', 'Andrea',
  'Keith', 'Megan', 'Austin', 'Cheryl', 'Roger', 'Jacqueline', 'Terry', 'Madison', 'Sean', 'Teresa',
  'Carlos', 'Sofia', 'Luis', 'Gabriela', 'Miguel', 'Ana', 'Juan', 'Isabella', 'Darnell', 'Keisha',
  'Malik', 'Aaliyah', 'Wei', 'Mei', 'Hiroshi', 'Priya', 'Raj', 'Fatima', 'Omar', 'Leilani',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Chen', 'Wang', 'Tanaka', 'Singh', 'Okafor', 'Kowalski', "O'Brien", 'Schmidt', 'Yazzie', 'Kahale',
] as const;

/** City and state; a few weighted by being listed twice (bigger places have more citizens). */
export const PLACES = [
  'New York, NY', 'New York, NY', 'Los Angeles, CA', 'Los Angeles, CA', 'Chicago, IL', 'Chicago, IL', 'Houston, TX', 'Houston, TX',
  'Phoenix, AZ', 'Philadelphia, PA', 'San Antonio, TX', 'San Diego, CA', 'Dallas, TX', 'Austin, TX', 'Jacksonville, FL',
  'Fort Worth, TX', 'Columbus, OH', 'Charlotte, NC', 'Indianapolis, IN', 'San Francisco, CA', 'Seattle, WA', 'Denver, CO',
  'Nashville, TN', 'Washington, DC', 'Oklahoma City, OK', 'El Paso, TX', 'Boston, MA', 'Portland, OR', 'Las Vegas, NV',
  'Detroit, MI', 'Memphis, TN', 'Louisville, KY', 'Baltimore, MD', 'Milwaukee, WI', 'Albuquerque, NM', 'Tucson, AZ',
  'Fresno, CA', 'Sacramento, CA', 'Kansas City, MO', 'Atlanta, GA', 'Omaha, NE', 'Colorado Springs, CO', 'Raleigh, NC',
  'Miami, FL', 'Minneapolis, MN', 'Tulsa, OK', 'Cleveland, OH', 'New Orleans, LA', 'Tampa, FL', 'Pittsburgh, PA',
  'Cincinnati, OH', 'St. Louis, MO', 'Orlando, FL', 'Buffalo, NY', 'Madison, WI', 'Boise, ID', 'Salt Lake City, UT',
  'Des Moines, IA', 'Anchorage, AK', 'Honolulu, HI', 'Birmingham, AL', 'Little Rock, AR', 'Charleston, SC', 'Charleston, WV',
  'Burlington, VT', 'Portland, ME', 'Manchester, NH', 'Providence, RI', 'Hartford, CT', 'Wilmington, DE', 'Jackson, MS',
  'Fargo, ND', 'Sioux Falls, SD', 'Billings, MT', 'Cheyenne, WY', 'Reno, NV', 'Spokane, WA', 'Savannah, GA',
  'Lexington, KY', 'Knoxville, TN', 'Richmond, VA', 'Norfolk, VA', 'Ann Arbor, MI', 'Grand Rapids, MI', 'Lancaster, PA',
  'Dayton, OH', 'Toledo, OH', 'Wichita, KS', 'Lincoln, NE', 'Santa Fe, NM', 'Flagstaff, AZ', 'Eugene, OR',
] as const;

export const OCCUPATIONS = [
  'Teacher', 'Registered nurse', 'Software engineer', 'Small business owner', 'Retired', 'Electrician', 'Accountant',
  'Truck driver', 'Farmer', 'Pharmacist', 'Graduate student', 'Paramedic', 'Union carpenter', 'Librarian', 'Veteran',
  'Social worker', 'Real estate agent', 'Mechanic', 'Physician', 'Attorney', 'Chef', 'Firefighter', 'Police officer',
  'Home health aide', 'Civil engineer', 'Pastor', 'Barber', 'Data analyst', 'Warehouse associate', 'Musician',
] as const;

export const INTERESTS = [
  'public schools', 'small business', 'rural health care', 'clean energy', 'veterans', 'fiscal responsibility',
  'housing costs', 'the national debt', 'workers\u2019 rights', 'local farms', 'national security', 'civil liberties',
  'our kids\u2019 future', 'affordable medicine', 'the outdoors', 'safe streets', 'open government', 'trade',
] as const;

export const BIO_OPENERS = [
  'Trying to leave things better than I found them.',
  'Parent of three, coach on weekends, voter every election.',
  'I read the bills so my neighbors don\u2019t have to.',
  'Independent voter. I follow the evidence.',
  'Born and raised here, and staying.',
  'First-generation American and proud of it.',
  'Grandparent, gardener, and stubborn optimist.',
  'Here to listen more than I talk.',
  'Town hall regular.',
  'I believe most problems are solvable if we stop shouting.',
] as const;

/** Title endings: "<issue>: <stance>". A stance that reads well after any issue. */
export const STANCES = [
  'time for Congress to act',
  'a fair deal for working families',
  'fund it fully and audit it every year',
  'simplify the rules and close the loopholes',
  'put people before special interests',
  'a bipartisan fix this session',
  'stop kicking the can down the road',
  'protect what works, fix what doesn\u2019t',
  'hold public hearings before any change',
  'give states room to lead',
  'make the costs and benefits public',
  'we need a long-term plan, not another patch',
] as const;

/** Sentences for descriptions, by category; `{issue}` and `{place}` are filled in. */
export const CATEGORY_SENTENCES: Record<TIssue['category'], readonly string[]> = {
  Economy: [
    'Families in {place} feel {issue} every month, at the checkout counter and in the rent.',
    'Small businesses need rules on {issue} that they can plan around for more than one budget cycle.',
    'The current approach to {issue} was set decades ago and no longer matches how people work and earn.',
    'Every dollar spent or forgone on {issue} should be measured against what it returns to ordinary households.',
    'Workers and employers both lose when {issue} changes with every election.',
  ],
  Healthcare: [
    'Too many people in {place} skip care they need because of how {issue} works today.',
    'Doctors and nurses tell us {issue} costs them hours that should go to patients.',
    'Any change to {issue} must protect people with pre-existing conditions and keep costs predictable.',
    'Rural clinics feel the effects of {issue} first and hardest.',
    'We should judge {issue} by outcomes: fewer emergencies, lower bills, longer lives.',
  ],
  Education: [
    'Teachers and parents in {place} keep raising {issue} at school board meetings.',
    'Students only get one shot at each grade; {issue} cannot wait for the next decade.',
    'Decisions about {issue} should follow what the research shows works in classrooms.',
    'Funding for {issue} should reach students, not get lost in administration.',
    'Families need clear, stable rules on {issue} so they can plan for their children.',
  ],
  Environment: [
    'Communities around {place} already live with the consequences of {issue}.',
    'Clean air and water are not partisan, and {issue} deserves a solution that lasts.',
    'A sensible policy on {issue} can protect jobs and the land at the same time.',
    'Farmers, hunters and anglers all have a stake in getting {issue} right.',
    'The longer we wait on {issue}, the more expensive the fix becomes.',
  ],
  'Foreign Policy': [
    'Decisions on {issue} affect our security and our economy for a generation.',
    'Service members and their families deserve a clear strategy on {issue}.',
    'Congress, not only the executive branch, should own the hard choices on {issue}.',
    'Our allies watch how we handle {issue}, and so do our rivals.',
    'Taxpayers deserve a plain accounting of what {issue} costs and what it achieves.',
  ],
};

export const CLOSERS = [
  'I ask Congress to make this a priority this year.',
  'Endorse this if you agree it belongs on the national agenda.',
  'Let\u2019s show our representatives how many of us care about this.',
  'Please share your view, whichever side you are on.',
  'This is the change I would vote for first.',
] as const;

export const DOC_TYPES = ['talking_point', 'document', 'research'] as const;

/** Briefing titles by type; `{issue}` is the title. */
export const DOC_TITLES: Record<(typeof DOC_TYPES)[number], readonly string[]> = {
  talking_point: ['Talking points: {issue}', 'Three things to tell your representative about {issue}', 'Answering the common objections on {issue}'],
  document: ['{issue} at a glance', 'A citizen\u2019s guide to {issue}', 'What is actually on the table for {issue}'],
  research: ['What the research says about {issue}', '{issue}: the numbers behind the debate', 'A review of state experiments with {issue}'],
};

export const DOC_SENTENCES = [
  'This brief collects the main facts on {issue} for anyone preparing to call or write their representative.',
  'Start with the cost: independent estimates differ, so cite the range rather than a single number.',
  'Supporters argue that acting on {issue} now is cheaper than waiting; critics worry about unintended effects on small employers.',
  'Several states have tried their own versions, and their results are the best evidence we have so far.',
  'When you talk to your representative, be specific about how {issue} affects people where you live.',
  'Keep it short, be respectful, and ask for a clear answer on where they stand.',
  'The Congressional Budget Office and the Government Accountability Office have both published reports worth reading.',
  'Polling shows broad agreement on the goal and real disagreement on the means.',
] as const;

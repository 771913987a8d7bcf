import type { TProjectType } from '@app/contracts/api/projects';
import type { Random } from './prng.ts';

/** What the business sells: the kinds of job, their usual titles, descriptions and prices (dollars). */
interface JobKind {
  type: TProjectType;
  weight: number;
  titles: readonly string[];
  descriptions: readonly string[];
  price: readonly [number, number];
  days: readonly [number, number];
}

export const JOB_KINDS: readonly JobKind[] = [
  {
    type: 'security_cameras',
    weight: 45,
    titles: [
      '4-camera exterior system',
      '8-camera home and shop system',
      'Driveway and gate cameras',
      'Remote cabin monitoring',
      'Warehouse 16-camera NVR',
      'Storefront camera refresh',
      'Boat harbor camera install',
      'Dog yard and kennel cameras',
    ],
    descriptions: [
      'Wired PoE cameras rated to -40°F, NVR in the utility room, phone viewing set up.',
      'Replace old analog cameras with 4K IP cameras; reuse existing conduit where possible.',
      'Cover driveway, gate and shop doors; IR for the long winter nights.',
      'Wireless cameras on solar with cellular backup for a cabin off the road system.',
    ],
    price: [1_400, 9_500],
    days: [1, 4],
  },
  {
    type: 'starlink',
    weight: 30,
    titles: [
      'Starlink install, roof mount',
      'Starlink pole mount and mesh Wi-Fi',
      'Starlink for a remote cabin',
      'Starlink business install',
      'Starlink snow-melt setup and cable run',
    ],
    descriptions: [
      'Roof mount clear of the tree line, cable through the attic, router in the living room.',
      'Pole mount 40 ft from the house, buried conduit, two mesh nodes for the shop.',
      'Fly-in install; dish on a ground mount with a heat-tape cable run.',
      'Business plan install with a static IP and a managed switch for the office.',
    ],
    price: [650, 2_800],
    days: [1, 2],
  },
  {
    type: 'website_development',
    weight: 15,
    titles: [
      'Lodge booking website',
      'Small business website',
      'Online store for local goods',
      'Website refresh and hosting move',
      'Charter trip calendar and booking page',
    ],
    descriptions: [
      'Five-page site with a booking form, photo gallery and season rates.',
      'Move the old site to new hosting, refresh the design and add a contact form.',
      'Online store with shipping rules for rural Alaska and in-store pickup.',
    ],
    price: [1_200, 7_500],
    days: [10, 40],
  },
  {
    type: 'maintenance',
    weight: 10,
    titles: [
      'Annual camera system checkup',
      'NVR hard drive replacement',
      'Starlink dish relocation',
      'Storm damage repair',
      'Camera lens cleaning and re-aim',
    ],
    descriptions: [
      'Check every camera, update firmware, clean housings and test recording.',
      'Swap the failed drive, restore settings, check retention days.',
      'Move the dish clear of new tree growth and re-run the cable.',
    ],
    price: [180, 950],
    days: [1, 1],
  },
];

export const pickJob = (random: Random) => random.weighted(JOB_KINDS.map((k) => [k, k.weight] as const));

/** A client's lines in their conversation with the team; `{job}` and `{town}` are filled in. */
const CLIENT_LINES = [
  'Hi, just checking in on the {job}. Any update on the schedule?',
  'Thanks for coming out to {town} yesterday, everything looks great.',
  'The camera over the garage went offline this morning. Could someone take a look?',
  'Is there a time next week that works for the install? Mornings are best for us.',
  'We got about two feet of snow last night. Should I clear the dish or leave it?',
  'Can you send the invoice again? I think it went to my spam folder.',
  'Paid the invoice by check, it should be in the mail today.',
  'The gate code is on the permission form. The dogs are friendly.',
  'How long do the recordings stay on the NVR?',
  'Could we add one more camera by the boat shed?',
  'Internet has been great since the Starlink went in. Thank you!',
  'Road is rough after breakup, a truck with good clearance is best.',
  'Any chance you could come before the weekend? We leave for fish camp Monday.',
  'I signed the form in the portal, let me know if you need anything else.',
  'Website looks good! Can we change the photo on the front page?',
  'The app keeps asking me to log in again on my phone.',
  'What would it cost to move the dish to the other side of the roof?',
  'We will be out of town, my neighbor can let you in.',
  'Thanks, that fixed it.',
  'Sounds good, see you then.',
] as const;

/** The team's lines to a client. */
const STAFF_LINES = [
  "Thanks for reaching out! We have you down for the {job}; I'll confirm a day shortly.",
  'We can be in {town} on Tuesday between 9 and noon. Does that work?',
  'The install is done. Your login for the camera app is in your e-mail.',
  'Your invoice is in the portal under Payments. Let us know if you have questions.',
  'We got your payment, thank you!',
  'Please leave the dish alone, it melts the snow itself. Just keep the area around it clear.',
  'Recordings are kept about 30 days, then the oldest are overwritten.',
  'Adding a camera by the boat shed would be about $450 installed. Want me to send a quote?',
  'I will bring a replacement camera and swap it on the same trip.',
  'Could you sign the property permission form in the portal before we come out?',
  'We are running about 30 minutes behind, sorry about that.',
  'Your job is on the calendar. We will call when we are on the way.',
  'Firmware is updated and all cameras are recording again.',
  'Try signing out of the app and back in; that clears the old session.',
  'No problem at all.',
  'Great, see you then!',
] as const;

/** What the team says to one another. */
export const TEAM_LINES = [
  'Can you grab two more PoE cameras from the shop before the {town} trip?',
  'Client in {town} wants to move their appointment to Thursday.',
  'Truck is low on cable, ordering another spool.',
  'I will take the morning jobs tomorrow, you take the afternoon.',
  'Heads up: road to the {town} job is closed until noon.',
  'Finished the install, photos are on the project.',
  'Can you call the client about the overdue invoice?',
  'Starlink stock arrived, 6 kits on the shelf.',
] as const;

export const fill = (line: string, values: { job: string; town: string }) =>
  line.replaceAll('{job}', values.job.toLowerCase()).replaceAll('{town}', values.town);

export const clientLine = (random: Random) => random.pick(CLIENT_LINES);
export const staffLine = (random: Random) => random.pick(STAFF_LINES);

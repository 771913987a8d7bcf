/** The three services of the home page, each with four features (spec part 1, section 2). */
export const SERVICES = [
  {
    title: 'Security Camera Installation',
    features: [
      'HD and 4K cameras built for Alaska winters',
      'Remote viewing from your phone',
      'Night vision and motion alerts',
      'Professional wiring and setup',
    ],
  },
  {
    title: 'Starlink Installation',
    features: [
      'Site survey and clear-sky placement',
      'Roof, pole or ground mounting',
      'Whole-property Wi-Fi setup',
      'Works where cable never reached',
    ],
  },
  {
    title: 'Custom Website Creation',
    features: [
      'Designed around your business',
      'Mobile-friendly and fast',
      'Contact and booking forms',
      'Hosting and updates handled',
    ],
  },
] as const;

/**
 * The two demo companies: Skyline Realty in Bengaluru and Harbor Homes in Mumbai, with every
 * company field filled (brand colours and images included), the cities their leads and listings
 * come from, and PRNG seeds. Their icon, logo and cover photo are drawn without network by
 * modules/companies/demo-media.ts, in their brand colours, when a demo company is first read.
 */
import { FIRM_TYPES } from '@contract';
import type { CompanyFields } from '../modules/companies/repository';

export interface CompanyPlan {
  fields: CompanyFields;
  cities: string[];
  seed: number;
}

const json = (list: string[]): string => JSON.stringify(list);

/** The shared folder of the demo companies' images, under DATA_DIR/uploads (never removed with a company). */
export const DEMO_COMPANY_MEDIA_FOLDER = 'companies/demo';

/** The stored image paths of a demo company; each has `-small.webp` and `-medium.webp` renditions beside it. */
export const demoCompanyMedia = (slug: string) => ({
  icon: `${DEMO_COMPANY_MEDIA_FOLDER}/${slug}-icon.png`,
  logo: `${DEMO_COMPANY_MEDIA_FOLDER}/${slug}-logo.png`,
  cover_photo: `${DEMO_COMPANY_MEDIA_FOLDER}/${slug}-cover-photo.jpg`,
});

export const DEMO_COMPANIES: Record<'skyline' | 'harbor', CompanyPlan> = {
  skyline: {
    seed: 1001,
    cities: ['Bengaluru', 'Bengaluru', 'Bengaluru', 'Mysuru', 'Chennai', 'Coimbatore', 'Hyderabad', 'Kochi'],
    fields: {
      display_name: 'Skyline Realty',
      ...demoCompanyMedia('skyline'),
      primary_color_code: '#f97316',
      secondary_color_code: '#334155',
      tagline: 'Homes that rise above the rest',
      short_description: 'Residential sales and rentals across South India.',
      long_description:
        'Skyline Realty helps families and investors buy, sell and rent apartments, villas and plots in Bengaluru, Mysuru, Chennai and Hyderabad. Our agents handle site visits, loan paperwork and registration end to end.',
      founding_year: 2009,
      office_address: '4th Floor, Prestige Meridian, 29 MG Road',
      city: 'Bengaluru',
      postal_code: '560001',
      state: 'Karnataka',
      country: 'India',
      hours_of_operation: 'Mon-Sat: 9:30AM-6:30PM',
      firm_type: FIRM_TYPES[0],
      operating_states: json(['Karnataka', 'Tamil Nadu', 'Telangana', 'Kerala']),
      operating_cities: json(['Bengaluru', 'Mysuru', 'Chennai', 'Coimbatore', 'Hyderabad', 'Kochi']),
      inventory_type: 'both',
      inventory_categories: json(['Apartment', 'Villa', 'Plot']),
      lead_communication: json(['Email', 'Phone', 'WhatsApp']),
      instagram: 'https://www.instagram.com/skylinerealty.demo',
      facebook: 'https://www.facebook.com/skylinerealty.demo',
      linkedin: 'https://www.linkedin.com/company/skylinerealty-demo',
      website: 'https://skyline-realty.example',
    },
  },
  harbor: {
    seed: 2002,
    cities: ['Mumbai', 'Mumbai', 'Mumbai', 'Navi Mumbai', 'Thane', 'Pune', 'Pune', 'Panaji', 'Ahmedabad'],
    fields: {
      display_name: 'Harbor Homes',
      ...demoCompanyMedia('harbor'),
      primary_color_code: '#0ea5e9',
      secondary_color_code: '#1e293b',
      tagline: 'Your harbour in the city',
      short_description: 'Apartments and villas in Mumbai, Pune and Goa.',
      long_description:
        'Harbor Homes is a Mumbai brokerage for resale and new-launch apartments, sea-facing flats and holiday villas in Goa. We represent buyers and builders, with RERA-registered agents in every office.',
      founding_year: 2014,
      office_address: 'Unit 1204, One BKC, Bandra Kurla Complex',
      city: 'Mumbai',
      postal_code: '400051',
      state: 'Maharashtra',
      country: 'India',
      hours_of_operation: 'Mon-Sat: 10AM-7PM',
      firm_type: FIRM_TYPES[7],
      operating_states: json(['Maharashtra', 'Goa', 'Gujarat']),
      operating_cities: json(['Mumbai', 'Navi Mumbai', 'Thane', 'Pune', 'Panaji', 'Ahmedabad']),
      inventory_type: 'own',
      inventory_categories: json(['Apartment', 'Penthouse', 'Villa']),
      lead_communication: json(['Phone', 'WhatsApp']),
      instagram: 'https://www.instagram.com/harborhomes.demo',
      facebook: null,
      linkedin: 'https://www.linkedin.com/company/harborhomes-demo',
      website: 'https://harbor-homes.example',
    },
  },
};


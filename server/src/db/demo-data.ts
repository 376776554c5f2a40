/**
 * Word lists for the demo and benchmark data: Indian names, cities with their states, PIN code
 * prefixes and localities, and property vocabulary.
 */

export const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Ananya', 'Anika', 'Anjali', 'Arjun', 'Aryan', 'Ayesha',
  'Deepak', 'Deepika', 'Divya', 'Farhan', 'Gaurav', 'Harish', 'Ishaan', 'Isha', 'Kabir', 'Karan',
  'Kavya', 'Lakshmi', 'Manish', 'Meera', 'Mohit', 'Neha', 'Nikhil', 'Nisha', 'Pooja', 'Pranav',
  'Priya', 'Rahul', 'Rajesh', 'Ramesh', 'Ravi', 'Riya', 'Rohan', 'Sahil', 'Sanjay', 'Sara',
  'Shreya', 'Siddharth', 'Sneha', 'Suresh', 'Tanvi', 'Varun', 'Vikram', 'Vivek', 'Yash', 'Zoya',
  'Abhishek', 'Bhavna', 'Chetan', 'Gayatri', 'Imran', 'Jaya', 'Kiran', 'Lalit', 'Madhuri', 'Naveen',
  'Omkar', 'Pallavi', 'Rekha', 'Sameer', 'Swati', 'Tarun', 'Uma', 'Vandana', 'Vinod', 'Yamini',
] as const;

export const LAST_NAMES = [
  'Agarwal', 'Banerjee', 'Bhat', 'Chatterjee', 'Chopra', 'Das', 'Desai', 'Deshmukh', 'Dutta', 'Gupta',
  'Hegde', 'Iyer', 'Jain', 'Joshi', 'Kapoor', 'Khan', 'Kulkarni', 'Kumar', 'Malhotra', 'Menon',
  'Mehta', 'Mishra', 'Nair', 'Naidu', 'Pandey', 'Patel', 'Pillai', 'Rao', 'Reddy', 'Saxena',
  'Sharma', 'Shaikh', 'Shetty', 'Singh', 'Sinha', 'Srinivasan', 'Thakur', 'Trivedi', 'Varma', 'Yadav',
  'Bose', 'Gowda', 'Krishnan', 'Mukherjee', 'Naik', 'Patil', 'Qureshi', 'Sen', 'Tiwari', 'Verma',
] as const;

export const EMAIL_DOMAINS = ['example.com', 'example.in', 'example.net', 'example.org'] as const;

export interface City {
  name: string;
  state: string;
  stateCode: string;
  /** First three digits of the PIN code. */
  pin: string;
  localities: readonly string[];
}

export const CITIES: Record<string, City> = {
  Bengaluru: { name: 'Bengaluru', state: 'Karnataka', stateCode: 'KA', pin: '560', localities: ['Whitefield', 'Koramangala', 'Indiranagar', 'HSR Layout', 'Jayanagar', 'Hebbal', 'Electronic City', 'Sarjapur Road'] },
  Mysuru: { name: 'Mysuru', state: 'Karnataka', stateCode: 'KA', pin: '570', localities: ['Vijayanagar', 'Kuvempunagar', 'Jayalakshmipuram', 'Gokulam'] },
  Chennai: { name: 'Chennai', state: 'Tamil Nadu', stateCode: 'TN', pin: '600', localities: ['Adyar', 'Velachery', 'Anna Nagar', 'OMR', 'T. Nagar', 'Porur'] },
  Coimbatore: { name: 'Coimbatore', state: 'Tamil Nadu', stateCode: 'TN', pin: '641', localities: ['RS Puram', 'Saibaba Colony', 'Peelamedu', 'Saravanampatti'] },
  Hyderabad: { name: 'Hyderabad', state: 'Telangana', stateCode: 'TS', pin: '500', localities: ['Gachibowli', 'Kondapur', 'Banjara Hills', 'Madhapur', 'Kukatpally'] },
  Kochi: { name: 'Kochi', state: 'Kerala', stateCode: 'KL', pin: '682', localities: ['Kakkanad', 'Edappally', 'Panampilly Nagar', 'Vyttila'] },
  Mumbai: { name: 'Mumbai', state: 'Maharashtra', stateCode: 'MH', pin: '400', localities: ['Andheri West', 'Bandra West', 'Powai', 'Goregaon East', 'Malad West', 'Chembur', 'Worli', 'Borivali West'] },
  'Navi Mumbai': { name: 'Navi Mumbai', state: 'Maharashtra', stateCode: 'MH', pin: '400', localities: ['Vashi', 'Kharghar', 'Nerul', 'Panvel', 'Airoli'] },
  Thane: { name: 'Thane', state: 'Maharashtra', stateCode: 'MH', pin: '400', localities: ['Ghodbunder Road', 'Majiwada', 'Hiranandani Estate', 'Kolshet'] },
  Pune: { name: 'Pune', state: 'Maharashtra', stateCode: 'MH', pin: '411', localities: ['Hinjewadi', 'Baner', 'Kharadi', 'Wakad', 'Koregaon Park', 'Aundh'] },
  Panaji: { name: 'Panaji', state: 'Goa', stateCode: 'GA', pin: '403', localities: ['Dona Paula', 'Miramar', 'Porvorim', 'Taleigao'] },
  Ahmedabad: { name: 'Ahmedabad', state: 'Gujarat', stateCode: 'GJ', pin: '380', localities: ['Satellite', 'Bodakdev', 'Prahlad Nagar', 'SG Highway'] },
  Delhi: { name: 'New Delhi', state: 'Delhi', stateCode: 'DL', pin: '110', localities: ['Dwarka', 'Saket', 'Vasant Kunj', 'Rohini', 'Greater Kailash'] },
  Gurugram: { name: 'Gurugram', state: 'Haryana', stateCode: 'HR', pin: '122', localities: ['DLF Phase 2', 'Sohna Road', 'Golf Course Road', 'Sector 56'] },
  Jaipur: { name: 'Jaipur', state: 'Rajasthan', stateCode: 'RJ', pin: '302', localities: ['Malviya Nagar', 'Vaishali Nagar', 'Mansarovar', 'C-Scheme'] },
};

export const STREETS = [
  'MG Road', 'Main Road', 'Station Road', 'Temple Street', '1st Cross', '2nd Main', 'Ring Road',
  'Lake View Road', 'Park Street', 'Link Road', 'Hill Road', 'Gandhi Nagar Road',
] as const;

export const PROPERTY_FEATURES = [
  'Covered Parking', 'Lift', '24x7 Security', 'Power Backup', 'Gymnasium', 'Swimming Pool', 'Clubhouse',
  "Children's Play Area", 'Modular Kitchen', 'Rainwater Harvesting', 'Gated Community', 'Vastu Compliant',
  'Jogging Track', 'Intercom', 'Piped Gas', 'Servant Room', 'Private Garden', 'Sea View',
] as const;

export const CERTIFICATES = [
  'RERA Registered',
  'Occupancy Certificate',
  'Completion Certificate',
  'Encumbrance Certificate',
  'Khata Certificate',
  'Approved Building Plan',
] as const;

export const BUILDING_NAMES = [
  'Prestige', 'Sobha', 'Godrej', 'Lodha', 'Brigade', 'Hiranandani', 'Purva', 'Mantri', 'Shapoorji', 'Kalpataru',
] as const;

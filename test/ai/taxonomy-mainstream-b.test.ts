import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertResolves, broaderNames, namesFound, taxonomy } from './shipped-taxonomy.ts';

/**
 * The curated vocabulary of docs/quality.md, "CV skills of ten mainstream jobs" (branch cv-mainstream-b): network
 * engineering, mobile development, MEP and building services, industrial electrical maintenance, pharmaceutical QC
 * microbiology, search marketing, UX design, kitchens, warehouses and door supervision. Each term resolves to the skill a
 * recruiter names, narrower skills sit under the broader one they imply, and the names moved from a wrong or coarser
 * owner stay moved.
 */
describe('vocabulary of ten mainstream jobs (cv-mainstream-b)', () => {
  it('resolves the terms each profession writes to the skill they name', () => {
    assertResolves([
      ['routing & switching', 'Routing and switching'],
      ['OSPFv3', 'OSPF'],
      ['inter-VLAN routing', 'VLANs'],
      ['Rapid Spanning Tree', 'Spanning Tree Protocol'],
      ['Meraki SD-WAN', 'SD-WAN'],
      ['Meraki', 'Cisco Meraki'],
      ['wireless site surveys', 'Wireless networking'],
      ['Ekahau Sidekick', 'Ekahau'],
      ['FortiGate firewalls', 'Fortinet FortiGate'],
      ['NSE 4', 'Fortinet FortiGate'],
      ['PCNSE', 'Palo Alto Networks firewalls'],
      ['Junos', 'Juniper networking'],
      ['site-to-site VPN', 'VPN'],
      ['IPsec', 'VPN'],
      ['PRTG', 'Network monitoring'],
      ['Netmiko', 'Network automation'],
      ['Cisco ISE', '802.1X'],
      ['campus network design', 'Network design'],
      ['3rd line support', 'Third-line support'],
      ['2nd line support', 'Second-line support'],
      ['Cisco Catalyst', 'Cisco'],
      ['Kotlin Flow', 'Kotlin Coroutines'],
      ['Room database', 'Android Room'],
      ['Dagger-Hilt', 'Dagger Hilt'],
      ['Model-View-ViewModel', 'MVVM'],
      ['UIKit', 'UIKit'],
      ['XCUITest', 'XCTest'],
      ['Espresso UI tests', 'Espresso testing'],
      ['TestFlight', 'App store publishing'],
      ['Google Play Console', 'App store publishing'],
      ['feature toggles', 'Feature flags'],
      ['Crashlytics', 'Firebase'],
      ['M&E coordination', 'MEP coordination'],
      ['MEP shop drawings', 'Shop drawings'],
      ['RFIs', 'Requests for information'],
      ['material submittals', 'Technical submittals'],
      ['FCUs', 'Fan coil units'],
      ['testing and balancing', 'Testing, adjusting and balancing'],
      ['sprinkler systems', 'Fire protection systems'],
      ['Civil Defence inspections', 'Civil Defence approvals'],
      ['medical gas pipeline systems', 'Medical gas systems'],
      ['ITPs', 'Inspection and test plans'],
      ['chilled water systems', 'Chillers'],
      ['material take-off', 'Cost estimating'],
      ['look-ahead programmes', 'Construction planning'],
      ['RSLogix 5000', 'Allen-Bradley PLCs'],
      ['Studio 5000', 'Allen-Bradley PLCs'],
      ['PLC fault finding', 'PLC troubleshooting'],
      ['VFDs', 'Motor control circuits'],
      ['motor controls', 'Motor control circuits'],
      ['preventive maintenance', 'Planned preventative maintenance'],
      ['infrared surveys', 'Thermal imaging'],
      ['megger testing', 'Electrical inspection and testing'],
      ['conduit bending', 'Containment installation'],
      ['NFPA 70', 'National Electrical Code'],
      ['arc flash PPE', 'NFPA 70E'],
      ['NFPA 70E Arc Flash Qualified Person', 'NFPA 70E'],
      ['480V 3-phase distribution', 'Three-phase systems'],
      ['ladder diagrams', 'Reading electrical drawings'],
      ['aerial work platform', 'Aerial lift operation'],
      ['microbial limit test', 'Microbial limit testing'],
      ['bioburden', 'Bioburden testing'],
      ['sterility testing', 'Sterility testing'],
      ['LAL gel clot', 'Endotoxin testing'],
      ['settle plates', 'Cleanroom environmental monitoring'],
      ['growth promotion testing of media', 'Growth promotion testing'],
      ['Gram stain', 'Gram staining'],
      ['VITEK 2', 'Microbial identification'],
      ['ATCC strains', 'Culture maintenance'],
      ['autoclave validation', 'Sterilisation validation'],
      ['biological indicators', 'Sterilisation validation'],
      ['aseptic process simulation', 'Media fill'],
      ['GDocP', 'Good documentation practice'],
      ['aseptic gowning', 'Aseptic technique'],
      ['USFDA audit', 'Regulatory inspection'],
      ['off-page SEO', 'Link building'],
      ['schema markup', 'Schema markup'],
      ['product feeds', 'Google Merchant Center'],
      ['Performance Max', 'Google Ads'],
      ['Microsoft Advertising', 'Bing Ads'],
      ['Google Tag Manager', 'Google Tag Manager'],
      ['content briefs', 'Content briefs'],
      ['Google My Business', 'Google Business Profile'],
      ['on-page optimisation', 'Search engine optimisation'],
      ['design tokens', 'Design systems'],
      ['user flows', 'Interaction design'],
      ['WCAG 2.1 AA', 'Web accessibility'],
      ['design sprint', 'Design sprints'],
      ['design crits', 'Design critique'],
      ['heuristic evaluation', 'Heuristic evaluation'],
      ['Google UX Design Professional Certificate', 'Google UX Design Certificate'],
      ['classical French cooking', 'French cuisine'],
      ['pan-Asian cooking', 'Asian cuisine'],
      ['whole fish butchery', 'Fish butchery'],
      ['running the pass', 'Kitchen management'],
      ['allergen matrix', 'Allergen management'],
      ['temperature logs', 'HACCP'],
      ['GP control', 'Food cost control'],
      ['supplier ordering', 'Kitchen ordering'],
      ['LO licence', 'Forklift operation'],
      ['pre-start checks', 'Pre-use checks'],
      ['Chain of Responsibility', 'Chain of Responsibility'],
      ['container devanning', 'Goods in and dispatch'],
      ['Challenge 25', 'Responsible alcohol service'],
      ['age verification', 'ID checks'],
      ['queue control', 'Queue management'],
      ['body-worn camera', 'Body-worn video'],
      ['Airwave', 'Radio communication'],
      ['evidence continuity', 'Evidence handling'],
      ['Ask for Angela', 'Safeguarding'],
      ['PTZ cameras', 'CCTV monitoring'],
      ['Action Counters Terrorism', 'Counter-terrorism awareness'],
    ]);
  });

  it('places the narrower skills under the broader one they imply', () => {
    for (const [narrow, broad] of [
      ['OSPF', 'Computer networking'],
      ['VPN', 'Computer networking'],
      ['Fortinet FortiGate', 'Firewall management'],
      ['802.1X', 'Network security'],
      ['Cisco Meraki', 'Cisco'],
      ['Kotlin Coroutines', 'Kotlin'],
      ['UIKit', 'iOS development'],
      ['App store publishing', 'Mobile development'],
      ['Fan coil units', 'HVAC'],
      ['MEP coordination', 'Building services engineering'],
      ['Allen-Bradley PLCs', 'PLC programming'],
      ['PLC troubleshooting', 'Fault finding'],
      ['Sterility testing', 'Microbiology'],
      ['Endotoxin testing', 'Microbiology'],
      ['Link building', 'Search engine optimisation'],
      ['AODA', 'Web accessibility'],
      ['French cuisine', 'Cooking'],
      ['Fish butchery', 'Knife skills'],
    ] as const) {
      assert.ok(broaderNames(narrow).includes(broad), `${narrow} under ${broad}: ${broaderNames(narrow).join(', ')}`);
    }
  });

  it('keeps the moved names off their old owners', () => {
    assert.notEqual(taxonomy.resolve('VPN')?.name, 'Computer networking');
    assert.notEqual(taxonomy.resolve('UIKit')?.name, 'SwiftUI');
    assert.notEqual(taxonomy.resolve('Google Tag Manager')?.name, 'Google Analytics');
    assert.notEqual(taxonomy.resolve('RSLogix')?.name, 'Siemens TIA Portal');
    assert.notEqual(taxonomy.resolve('preventive maintenance')?.name, 'Maintenance engineering');
    assert.notEqual(taxonomy.resolve('biological indicators')?.name, 'Biomarkers');
    assert.notEqual(taxonomy.resolve('conduit bending')?.name, 'Electrical installation');
  });

  it('reads the gated names only as written or in a skills context', () => {
    assert.deepEqual(
      namesFound('We booked a room, had to combine two teams and took the dagger from the display.').filter((name) =>
        ['Android Room', 'Combine framework', 'Dagger Hilt'].includes(name),
      ),
      [],
    );
    assert.ok(namesFound('Skills: Kotlin, Room, Hilt, Combine').includes('Android Room'));
    assert.ok(!namesFound('the tab key and a bet on the result').includes('Endotoxin testing'));
  });
});

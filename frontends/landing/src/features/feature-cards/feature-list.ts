// Spec 2.3: the six feature cards, one sentence each (copy from spec section 1).
import { BarChart3, BookOpen, Coins, ListOrdered, ShieldCheck, Users, type LucideIcon } from 'lucide-react';

export interface LandingFeature {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const LANDING_FEATURES: readonly LandingFeature[] = [
  {
    title: 'Issue Prioritization',
    description: 'Vote on about 150 national issues, and create, endorse or oppose priorities to set the agenda.',
    icon: ListOrdered,
  },
  {
    title: 'Political Capital',
    description: 'Earn political capital through engagement and spend it to promote the priorities you care about.',
    icon: Coins,
  },
  {
    title: 'Briefing Room',
    description: 'Read and contribute research, talking points and documents that inform every debate.',
    icon: BookOpen,
  },
  {
    title: 'Citizen Network',
    description: 'Follow fellow citizens, build your following and recruit others to the national conversation.',
    icon: Users,
  },
  {
    title: 'Verified Citizens',
    description: 'Every account belongs to one verified US citizen, so every voice is real and counted once.',
    icon: ShieldCheck,
  },
  {
    title: 'Real-time Rankings',
    description: 'Watch priorities rise and fall in real time as citizens endorse and oppose them.',
    icon: BarChart3,
  },
];

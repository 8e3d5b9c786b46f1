// The advisors of a call centre whose home base lies within a radius of a point (geodata.md (b)): the count
// behind "3 or more advisors in the area" and the list behind it. A call centre has a few hundred advisors at
// most: the database keeps those in the point's latitude band, a haversine pass keeps those in the circle.
import { and, between, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { distanceKm, latitudeBand } from "../../geo/nearest";

export interface NearbyAdvisor {
  id: number;
  firstName: string;
  lastName: string;
  extension: string | null;
  homePostal: string | null;
  mga: string | null;
  healthLicenses: string[];
  /** From the point to the advisor's home base. */
  km: number;
}

export interface NearbyFilter {
  radiusKm: number;
  /**
   * The lead's MGA: advisors of that MGA, and advisors with none (they take meetings for any). Empty or
   * absent: every advisor of the call centre.
   */
  mga?: string;
}

/** Advisors of the tenant within `radiusKm` (inclusive) of a point, nearest first. Disabled accounts never count. */
export async function advisorsNear(db: Db, tenantId: number, lat: number, lon: number, filter: NearbyFilter): Promise<NearbyAdvisor[]> {
  const band = latitudeBand(filter.radiusKm);
  const mga = filter.mga?.trim();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      extension: users.extension,
      homePostal: users.homePostal,
      mga: users.mga,
      healthLicenses: users.healthLicenses,
      lat: users.homeLatitude,
      lon: users.homeLongitude,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.role, "advisor"),
        eq(users.disabled, false),
        between(users.homeLatitude, lat - band, lat + band),
        isNotNull(users.homeLongitude),
        mga ? or(isNull(users.mga), eq(sql`lower(${users.mga})`, mga.toLowerCase())) : undefined,
      ),
    );
  return rows
    .map(({ lat: aLat, lon: aLon, ...r }) => ({ ...r, km: distanceKm(lat, lon, aLat!, aLon!) }))
    .filter((r) => r.km <= filter.radiusKm)
    .sort((a, b) => a.km - b.km || a.id - b.id);
}

/** Whether an advisor holds a health licence for a state or province (codes compared without case). */
export const licensedFor = (a: Pick<NearbyAdvisor, "healthLicenses">, state: string): boolean =>
  a.healthLicenses.some((s) => s.toLowerCase() === state.toLowerCase());

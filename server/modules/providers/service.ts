import type { Provider, ProviderInput, ProviderUpdate } from "../../../shared/api";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db } from "../../platform/db/client";
import { notFound, staleVersion } from "../../platform/http/errors";
import { countPlusOne } from "../../platform/ordered-lists/storage";
import * as store from "./storage";
import { definedOnly, swapItems, type OrderedList } from "../../platform/ordered-lists/service";
import type { UploadsService } from "../pictures";

const toProvider = (r: store.ProviderRow): Provider => ({ ...r, sortOrder: String(r.sortOrder) });

export type ProvidersService = OrderedList<Provider, ProviderInput, ProviderUpdate>;

/** The podcast platforms of the Listen menu and page (docs/product.md §2 "Podcast Providers"). */
export function createProvidersService(db: Db, uploads: UploadsService, writes: SiteWrites): ProvidersService {
  return {
    async list(options) {
      return (await store.listProviders(db, options)).map(toProvider);
    },
    async create(input) {
      const icon = await uploads.resolveIcon(input.icon);
      const row = await writes.run(async (tx) => {
        const sortOrder = input.sortOrder ?? (await countPlusOne(tx, "providers"));
        return store.findProvider(tx, await store.insertProvider(tx, { name: input.name, url: input.url, icon, sortOrder }));
      });
      return toProvider(row!);
    },
    async update(id, { version, ...fields }) {
      const values = definedOnly({ ...fields, icon: fields.icon === undefined ? undefined : await uploads.resolveIcon(fields.icon) });
      const row = await writes.run(async (tx) => {
        const before = await store.findProvider(tx, id, { forUpdate: true });
        if (!before) throw notFound("error.providerNotFound");
        if (version !== undefined && version !== before.version) throw staleVersion("provider");
        await store.updateProvider(tx, id, values);
        return store.findProvider(tx, id);
      });
      return toProvider(row!);
    },
    async remove(id) {
      await writes.run(async (tx) => {
        if (!(await store.deleteProvider(tx, id))) throw notFound("error.providerNotFound");
      });
    },
    swap: (id, withId) => swapItems(writes, "providers", id, withId),
  };
}

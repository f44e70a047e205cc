extension ImportSourceKind {
    /// `sitemap:URL` (`SitemapSpec`): the pages a sitemap lists, each imported as a web address.
    public static let sitemap = ImportSourceKind(
        name: "sitemap",
        help: "sitemaps (sitemap:URL: a sitemap, a sitemap index, gzipped or not, or a site's address, whose robots.txt names its sitemaps; their pages are imported as web addresses, chosen with --match and --limit)",
        recognises: SitemapSpec.isSpec,
        check: { _ = try SitemapSpec(parsing: $0) },
        // A sitemap goes to the shard of its site, as its pages (on its site, by the protocol) would.
        shardKey: { input in ImportShard.siteKey(of: (try? SitemapSpec(parsing: input))?.url.absoluteString ?? input) },
        followsRobots: true,
        sources: { inputs, context in
            let selection = try context.settings.sitemapSelection ?? SitemapSelection()
            return try inputs.map {
                SitemapSource(spec: try SitemapSpec(parsing: $0), selection: selection, fetcher: context.fetcher, memory: context.memory,
                              progress: context.progress, robots: context.robots, pictures: context.pictures)
            }
        }
    )
}

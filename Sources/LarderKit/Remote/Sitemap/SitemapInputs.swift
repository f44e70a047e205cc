extension ImportSourceKind {
    /// `sitemap:URL` (`SitemapSpec`): the pages a sitemap lists, each imported as a web address.
    public static let sitemap = ImportSourceKind(
        name: "sitemap",
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

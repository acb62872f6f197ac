// The pipeline's three parts are its inside: a client of the pipeline (the app, the benchmarks)
// imports `PhotoPipeline` alone and sees their public and package declarations through it
// (`PhotoCatalog`'s reading, `PipelineLimits`, `ThumbnailReadCosts`, the decoder threads).
@_exported import DecodeScheduling
@_exported import PhotoCatalogue
@_exported import TextureCaching

// The event vocabulary the recognizers read, for every program that imports Gestures.
@_exported import Events

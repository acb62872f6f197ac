// What a program reading or replaying traces needs: the viewer it drives, and below it.
@_exported import Viewer

#ifndef PHOTOZOOM_CSDL2_SHIM_H
#define PHOTOZOOM_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <turbojpeg.h>
#include <zlib.h>
#endif
